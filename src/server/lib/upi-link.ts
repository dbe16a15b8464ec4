import { paiseAsText } from '../../shared/money.js';

export type UpiPayment = {
  /** The payee's UPI id (pa). */
  upiId: string;
  /** The payee's name as UPI apps show it (pn). */
  payeeName: string;
  amountPaise: number;
  /** A short note the payer's app fills in (tn); cut to 50 characters. */
  note: string;
  /** The payee's reference for this payment (tr), at most 35 letters, digits or dashes. */
  reference?: string | undefined;
  /** Merchant category code (mc) of a business UPI id. */
  merchantCode?: string | undefined;
};

/** At most `max` characters (code points, so a Devanagari letter is never cut in half). */
function cut(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}

/** Percent-encodes a value the way UPI apps expect: spaces as %20 (never "+"), "@" kept as is. */
function encode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%40/g, '@');
}

/**
 * A `upi://pay` link with the payee, the merchant code when there is one, the reference, the exact
 * amount in rupees (two decimals), INR and the note, so the payer's app fills in everything.
 */
export function upiPaymentLink(payment: UpiPayment): string {
  const amount = paiseAsText(payment.amountPaise);
  const params = [
    `pa=${encode(payment.upiId)}`,
    `pn=${encode(payment.payeeName)}`,
    ...(payment.merchantCode ? [`mc=${encode(payment.merchantCode)}`] : []),
    ...(payment.reference ? [`tr=${encode(cut(payment.reference, 35))}`] : []),
    `am=${amount}`,
    'cu=INR',
    `tn=${encode(cut(payment.note, 50))}`,
  ];
  return `upi://pay?${params.join('&')}`;
}

/** The link as a QR code PNG data URL, sized for a phone screen. */
export function upiQrDataUrl(link: string): Promise<string> {
  // qrcode is loaded at the first QR code, not at start.
  return import('qrcode').then(({ default: QRCode }) => QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 280 }));
}
