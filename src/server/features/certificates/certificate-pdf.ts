import { readFile } from 'node:fs/promises';
import type { Language } from '../../../shared/domain.js';
import { formatIstDate } from '../../../shared/ist.js';
import { centredLine, newPdf } from '../../lib/pdf-text.js';
import { loadSharp } from '../../lib/images.js';

/** What a certificate's PDF shows. */
export type CertificatePdfInput = {
  number: string;
  name: string;
  packageName: string;
  issuedAt: number;
  siteName: string;
  signer: string;
  /** The signature picture, already re-encoded (certificateSignature), or none. */
  signature: Buffer | null;
  /** The public page that says whether it is valid: the QR code's address. */
  verifyUrl: string;
};

const labels = {
  en: {
    title: 'Certificate of Completion',
    certify: 'This is to certify that',
    completed: 'has successfully completed',
    date: 'Date',
    number: 'Certificate no.',
    verify: 'Scan to verify, or open',
    signedFor: (site: string) => `for ${site}`,
  },
  mr: {
    title: 'पूर्णत्वाचे प्रमाणपत्र',
    certify: 'हे प्रमाणित करण्यात येते की',
    completed: 'यांनी हे पॅकेज यशस्वीरीत्या पूर्ण केले आहे',
    date: 'दिनांक',
    number: 'प्रमाणपत्र क्रमांक',
    verify: 'तपासण्यासाठी स्कॅन करा, किंवा उघडा',
    signedFor: (site: string) => `${site} तर्फे`,
  },
} as const;

/** A QR code of the address, as a PNG (also what the tests decode). */
export function certificateQrPng(url: string): Promise<Buffer> {
  return import('qrcode').then(({ default: QRCode }) => QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 330 }));
}

const signatures = new Map<string, Promise<Buffer>>();

/**
 * The signature picture of the setting, decoded and re-encoded once (as uploads are: a file that is
 * not a picture, or is too large to be one, is refused), at most 600 × 200 px, transparent kept.
 */
export function certificateSignature(file: string | null): Promise<Buffer | null> {
  if (!file) return Promise.resolve(null);
  let found = signatures.get(file);
  if (!found) {
    found = Promise.all([readFile(file), loadSharp()]).then(([bytes, sharp]) =>
      sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
        .rotate()
        .resize({ width: 600, height: 200, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer(),
    );
    found.catch(() => signatures.delete(file));
    signatures.set(file, found);
  }
  return found;
}

/** The certificate: one A4 landscape page in the learner's language. */
export async function certificatePdf(input: CertificatePdfInput, lang: Language): Promise<Buffer> {
  const l = labels[lang];
  const { doc, done } = newPdf({
    layout: 'landscape',
    title: `${l.title} ${input.number}`,
    author: input.siteName,
    lang: lang === 'mr' ? 'mr-IN' : 'en-IN',
  });
  const width = doc.page.width;
  const height = doc.page.height;
  const centre = width / 2;
  const text = width - 160;

  // Frame
  doc
    .lineWidth(3)
    .strokeColor('#1d4e89')
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(0.8)
    .strokeColor('#c8a24a')
    .rect(34, 34, width - 68, height - 68)
    .stroke();

  centredLine(doc, input.siteName, { centre, y: 62, size: 16, maxWidth: text, bold: true, color: '#1d4e89' });
  centredLine(doc, l.title, { centre, y: 96, size: 34, maxWidth: text, bold: true, color: '#1d4e89' });
  centredLine(doc, l.certify, { centre, y: 160, size: 15, maxWidth: text, color: '#333' });
  centredLine(doc, input.name, { centre, y: 190, size: 32, maxWidth: text, bold: true });
  doc
    .moveTo(centre - 220, 238)
    .lineTo(centre + 220, 238)
    .lineWidth(0.6)
    .strokeColor('#999')
    .stroke();
  centredLine(doc, l.completed, { centre, y: 252, size: 15, maxWidth: text, color: '#333' });
  centredLine(doc, input.packageName, { centre, y: 282, size: 24, maxWidth: text, bold: true, color: '#1d4e89' });
  centredLine(doc, `${l.date}: ${formatIstDate(input.issuedAt, lang)}`, { centre, y: 330, size: 13, maxWidth: text });

  // The QR code to the public page (a link in the PDF too), the number and the address.
  const qrSize = 112;
  const qrX = 70;
  const qrY = height - 70 - qrSize - 20;
  doc.image(await certificateQrPng(input.verifyUrl), qrX, qrY, { width: qrSize, height: qrSize });
  doc.link(qrX, qrY, qrSize, qrSize, input.verifyUrl);
  const infoX = qrX + qrSize + 14;
  centredLine(doc, `${l.number}: ${input.number}`, { centre: infoX + 130, y: qrY + 30, size: 11, maxWidth: 260, bold: true });
  centredLine(doc, l.verify, { centre: infoX + 130, y: qrY + 52, size: 9, maxWidth: 260, color: '#444' });
  centredLine(doc, input.verifyUrl, { centre: infoX + 130, y: qrY + 66, size: 8, maxWidth: 260, color: '#1d4e89' });

  // The signature over the signer's name.
  const signCentre = width - 200;
  const lineY = height - 118;
  if (input.signature) doc.image(input.signature, signCentre - 90, lineY - 62, { fit: [180, 58], align: 'center', valign: 'bottom' });
  doc
    .moveTo(signCentre - 110, lineY)
    .lineTo(signCentre + 110, lineY)
    .lineWidth(0.6)
    .strokeColor('#333')
    .stroke();
  centredLine(doc, input.signer, { centre: signCentre, y: lineY + 8, size: 13, maxWidth: 240, bold: true });
  centredLine(doc, l.signedFor(input.siteName), { centre: signCentre, y: lineY + 28, size: 10, maxWidth: 240, color: '#444' });

  doc.end();
  return done;
}
