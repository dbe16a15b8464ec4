/**
 * Marathi and English text in a pdfkit document, with Noto Sans Devanagari (the font files the
 * site serves). pdfkit shapes text with fontkit, which reorders vowel signs and forms conjuncts as
 * a browser does (receipt-pdf.test.ts checks "कि", "क्ष", "श्री"). The font's files are split by
 * script, so text is drawn in runs: Devanagari (and ₹) in one face, everything else in the Latin
 * ones. Certificates and receipts draw with these helpers.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type PDFKit from 'pdfkit';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('@fontsource/noto-sans-devanagari')), 'files');
/** pdfkit (some 7 MB of heap) is loaded with the first document, not at start. */
let pdfkit: typeof PDFKit | null = null;
const fontFile = (subset: 'devanagari' | 'latin' | 'latin-ext', weight: 400 | 700) =>
  path.join(fontDir, `noto-sans-devanagari-${subset}-${weight}-normal.woff`);

export const FONTS = {
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
    codePoint === 0x20b9 ||
    (codePoint >= 0xa8e0 && codePoint <= 0xa8ff)
  ) {
    return 'deva';
  }
  if (codePoint <= 0xff || (codePoint >= 0x2000 && codePoint <= 0x206f)) return 'latin';
  return 'latinExt';
}

/** Splits text into runs of one font face each. */
export function scriptRuns(text: string): { face: Face; text: string }[] {
  const runs: { face: Face; text: string }[] = [];
  for (const char of text) {
    const face = faceOf(char.codePointAt(0)!);
    const last = runs.at(-1);
    if (last && (face === null || face === last.face)) last.text += char;
    else runs.push({ face: face ?? 'latin', text: char });
  }
  return runs;
}

export type PdfDoc = InstanceType<typeof PDFKit>;

function fontFor(face: Face, bold: boolean): string {
  if (face === 'deva') return bold ? 'devaBold' : 'deva';
  if (face === 'latin') return bold ? 'latinBold' : 'latin';
  return bold ? 'latinExtBold' : 'latinExt';
}

/** A new document with the fonts registered, and the promise of its bytes once ended. */
export function newPdf(options: { layout?: 'portrait' | 'landscape'; margin?: number; title: string; author: string; lang?: string }): {
  doc: PdfDoc;
  done: Promise<Buffer>;
} {
  pdfkit ??= require('pdfkit') as typeof PDFKit;
  const doc = new pdfkit({
    size: 'A4',
    ...(options.layout && { layout: options.layout }),
    margin: options.margin ?? 40,
    ...(options.lang && { lang: options.lang }),
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
  lineAt(doc, text, { ...options, size, bold, anchor: 'centre', at: options.centre });
}

/** One line of mixed-script text ending at `right`, at height `y` (amounts in a column). */
export function rightAlignedLine(doc: PdfDoc, text: string, options: { right: number; y: number; size: number; bold?: boolean }) {
  lineAt(doc, text, { ...options, anchor: 'right', at: options.right });
}

/** One line of runs placed so that its centre (or its right end) is at `at`. */
function lineAt(doc: PdfDoc, text: string, options: { anchor: 'centre' | 'right'; at: number; y: number; size: number; bold?: boolean; color?: string }) {
  const bold = options.bold ?? false;
  const runs = scriptRuns(text);
  doc.fontSize(options.size).fillColor(options.color ?? '#000');
  const widths = runs.map((run) => doc.font(fontFor(run.face, bold)).widthOfString(run.text));
  const total = widths.reduce((sum, w) => sum + w, 0);
  let x = options.anchor === 'centre' ? options.at - total / 2 : options.at - total;
  runs.forEach((run, index) => {
    doc.font(fontFor(run.face, bold)).text(run.text, x, options.y, { lineBreak: false });
    x += widths[index]!;
  });
}

/** Mixed-script text from the current position (or `y`), wrapped at `width`. */
export function writeText(doc: PdfDoc, text: string, options: { x: number; y?: number; width: number; size: number; bold?: boolean; color?: string }) {
  const runs = scriptRuns(text || ' ');
  doc.fontSize(options.size).fillColor(options.color ?? '#000');
  runs.forEach((run, index) => {
    doc.font(fontFor(run.face, options.bold ?? false));
    const last = index === runs.length - 1;
    if (index === 0) doc.text(run.text, options.x, options.y ?? doc.y, { width: options.width, continued: !last, lineGap: 2 });
    else doc.text(run.text, { continued: !last });
  });
}
