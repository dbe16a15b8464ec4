import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as fontkit from 'fontkit';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../../test/images.js';
import { certificatePdf, certificateQrPng, certificateSignature, type CertificatePdfInput } from './certificate-pdf.js';

const verifyUrl = 'https://marathisuccess.example/certificates/MS-7K3F-9QX2-HW4P';

const input: CertificatePdfInput = {
  number: 'MS-7K3F-9QX2-HW4P',
  name: 'किरण पाटील',
  packageName: 'शेअर बाजार मूलभूत',
  issuedAt: Date.UTC(2026, 10, 24, 6),
  siteName: 'Marathi Success',
  signer: 'Asha Deshmukh',
  signature: null,
  verifyUrl,
};

/** The PDF's text as a PDF reader extracts it (Debian's pdftotext, from poppler). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'certificate-pdf-'));
  try {
    const file = path.join(dir, 'certificate.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Devanagari as a PDF reader gives it back: in the order the glyphs are drawn (the i-sign before
 * its consonant), each glyph standing for the letters it was shaped from.
 */
function asDrawn(text: string): string {
  const fontDir = path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-devanagari/package.json'));
  const font = fontkit.openSync(path.join(fontDir, 'files', 'noto-sans-devanagari-devanagari-700-normal.woff')) as fontkit.Font;
  return font
    .layout(text)
    .glyphs.map((glyph) => String.fromCodePoint(...glyph.codePoints))
    .join('');
}

describe('the certificate PDF', () => {
  it('is one A4 landscape page with the number, the name in Devanagari, the package and the date, in Marathi', async () => {
    const pdf = await certificatePdf(input, 'mr');
    const raw = pdf.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw.match(/\/Type \/Page(?!s)/g)).toHaveLength(1);
    expect(raw).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const text = pdfText(pdf);
    expect(text).toContain('MS-7K3F-9QX2-HW4P');
    // किरण's i-sign is drawn before क: the reader gives the glyphs back in that order.
    expect(asDrawn('किरण पाटील')).not.toBe('किरण पाटील');
    expect(text).toContain(asDrawn('किरण पाटील'));
    expect(text).toContain('शेअर बाजार मूलभूत');
    expect(text).toContain('प्रमाणपत्र');
    expect(text).toContain('24 नोव्हेंबर 2026');
    expect(text).toContain('Asha Deshmukh');
    expect(text).toContain(verifyUrl);
  });

  it('is in English for an English reader, with a Latin name as chosen', async () => {
    const text = pdfText(await certificatePdf({ ...input, name: "Kiran D'Souza-Patil", packageName: 'Mutual Funds' }, 'en'));
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain("Kiran D'Souza-Patil");
    expect(text).toContain('Mutual Funds');
    expect(text).toContain('24 Nov 2026');
  });

  it('links its QR code to the public page, and the QR code reads as that address', async () => {
    const raw = (await certificatePdf(input, 'mr')).toString('latin1');
    expect(raw).toContain(`/URI (${verifyUrl})`);
    const { data, info } = await sharp(await certificateQrPng(verifyUrl))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(verifyUrl);
  });

  it('carries the signature picture, re-encoded, and refuses a file that is not a picture', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'signature-'));
    try {
      const good = path.join(dir, 'signature.png');
      writeFileSync(good, await makePng(1200, 400));
      const signature = await certificateSignature(good);
      const meta = await sharp(signature!).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBeLessThanOrEqual(600);
      const withSignature = await certificatePdf({ ...input, signature }, 'mr');
      expect(withSignature.toString('latin1')).toMatch(/\/Subtype \/Image/);
      const bad = path.join(dir, 'signature.txt');
      writeFileSync(bad, 'not a picture');
      await expect(certificateSignature(bad)).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
