import QRCode from 'qrcode';

export type UpiPayment = {
  /** The payee's UPI id (pa). */
  upiId: string;
  /** The payee's name as UPI apps show it (pn). */
  payeeName: string;
  amountPaise: number;
  /** A short note the payer's app fills in (tn). */
  note: string;
};

/** Percent-encodes a value the way UPI apps expect: spaces as %20 (never "+"), "@" kept as is. */
function encode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%40/g, '@');
}

/**
 * A `upi://pay` link with the payee, the exact amount in rupees (two decimals), INR and the note,
 * so the payer's app fills in everything.
 */
export function upiPaymentLink(payment: UpiPayment): string {
  const amount = (payment.amountPaise / 100).toFixed(2);
  return `upi://pay?pa=${encode(payment.upiId)}&pn=${encode(payment.payeeName)}&am=${amount}&cu=INR&tn=${encode(payment.note)}`;
}

/** The link as a QR code PNG data URL, sized for a phone screen. */
export function upiQrDataUrl(link: string): Promise<string> {
  return QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 280 });
}
