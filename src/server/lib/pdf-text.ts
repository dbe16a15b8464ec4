/**
 * Marathi and English text in a pdfkit document, with Noto Sans Devanagari (the font files the
 * site serves). pdfkit shapes text with fontkit, which reorders vowel signs and forms conjuncts as
 * a browser does. The font's files are split by script, so text is drawn in runs: Devanagari (and
 * ₹) in one face, everything else in the Latin ones. (The receipts draw the same way.)
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-devanagari')), 'files');
const fontFile = (subset: 'devanagari' | 'latin' | 'latin-ext', weight: 400 | 700) =>
  path.join(fontDir, `noto-sans-devanagari-${subset}-${weight}-normal.woff`);

const FONTS = {
  deva: fontFile('devanagari', 400),
  devaBold: fontFile('devanagari', 700),
  latin: fontFile('latin', 400),
  latinBold: fontFile('latin', 700),
  latinExt: fontFile('latin-ext', 400),
  latinExtBold: fontFile('latin-ext', 700),
} as const;

type Face = 'deva' | 'latin' | 'latinExt';

function faceOf(codePoint: number): Face | null {
  if (codePoint === 0x20 || codePoint === 0xa0) return null; // joins whichever run it is in
  if (
    (codePoint >= 0x0900 && codePoint <= 0x097f) ||
    (codePoint >= 0x1cd0 && codePoint <= 0x1cf9) ||
    codePoint === 0x200c ||
    codePoint === 0x200d ||
    codePoint === 0x20b9
  ) {
    return 'deva';
  }
  if (codePoint <= 0xff || (codePoint >= 0x2000 && codePoint <= 0x206f)) return 'latin';
  return 'latinExt';
}

/** Splits text into runs of one font face each. */
function scriptRuns(text: string): { face: Face; text: string }[] {
  const runs: { face: Face; text: string }[] = [];
  for (const char of text) {
    const face = faceOf(char.codePointAt(0)!);
    const last = runs.at(-1);
    if (last && (face === null || face === last.face)) last.text += char;
    else runs.push({ face: face ?? 'latin', text: char });
  }
  return runs;
}

export type PdfDoc = InstanceType<typeof PDFDocument>;

function fontFor(face: Face, bold: boolean): string {
  if (face === 'deva') return bold ? 'devaBold' : 'deva';
  if (face === 'latin') return bold ? 'latinBold' : 'latin';
  return bold ? 'latinExtBold' : 'latinExt';
}

/** A new document with the fonts registered, and the promise of its bytes once ended. */
export function newPdf(options: { size: 'A4'; layout: 'portrait' | 'landscape'; title: string; author: string; lang: string }): {
  doc: PdfDoc;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: options.size,
    layout: options.layout,
    margin: 40,
    lang: options.lang,
    info: { Title: options.title, Author: options.author },
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The width of mixed-script text at this size. */
export function textWidth(doc: PdfDoc, text: string, size: number, bold = false): number {
  doc.fontSize(size);
  return scriptRuns(text).reduce((sum, run) => sum + doc.font(fontFor(run.face, bold)).widthOfString(run.text), 0);
}

/** One line of mixed-script text centred on `centre` at height `y` (made smaller until it fits `maxWidth`). */
export function centredLine(doc: PdfDoc, text: string, options: { centre: number; y: number; size: number; maxWidth: number; bold?: boolean; color?: string }) {
  const bold = options.bold ?? false;
  let size = options.size;
  while (size > 8 && textWidth(doc, text, size, bold) > options.maxWidth) size -= 1;
  const runs = scriptRuns(text);
  doc.fontSize(size).fillColor(options.color ?? '#000');
  const widths = runs.map((run) => doc.font(fontFor(run.face, bold)).widthOfString(run.text));
  let x = options.centre - widths.reduce((sum, w) => sum + w, 0) / 2;
  runs.forEach((run, index) => {
    doc.font(fontFor(run.face, bold)).text(run.text, x, options.y, { lineBreak: false });
    x += widths[index]!;
  });
}
