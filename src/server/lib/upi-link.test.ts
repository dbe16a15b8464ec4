import { describe, expect, it } from 'vitest';
import { upiPaymentLink, upiQrDataUrl } from './upi-link.js';

describe('UPI payment link', () => {
  it('carries payee, exact amount, INR and the note, with spaces as %20', () => {
    const link = upiPaymentLink({ upiId: 'marathisuccess@okaxis', payeeName: 'Marathi Success', amountPaise: 499_900, note: 'Gold package 12' });
    expect(link).toBe('upi://pay?pa=marathisuccess@okaxis&pn=Marathi%20Success&am=4999.00&cu=INR&tn=Gold%20package%2012');
    expect(link).not.toContain('+');
  });

  it('carries the reference (tr) and, for a business UPI id, the merchant code (mc); the note is cut to 50 characters', () => {
    const link = upiPaymentLink({
      upiId: 'shop@icici',
      payeeName: 'Shop',
      amountPaise: 100,
      note: 'शेअर बाजार '.repeat(10),
      reference: 'U12P7N1',
      merchantCode: '8299',
    });
    expect(link).toMatch(/^upi:\/\/pay\?pa=shop@icici&pn=Shop&mc=8299&tr=U12P7N1&am=1\.00&cu=INR&tn=/);
    const note = decodeURIComponent(new URL(link.replace('upi://pay', 'http://x/')).searchParams.get('tn')!);
    expect(Array.from(note)).toHaveLength(50);
    expect(upiPaymentLink({ upiId: 'a@b', payeeName: 'A', amountPaise: 1, note: 'x' })).not.toMatch(/[?&](mc|tr)=/);
  });

  it('keeps paise in the amount', () => {
    expect(upiPaymentLink({ upiId: 'a@b', payeeName: 'A', amountPaise: 149_950, note: 'x' })).toContain('&am=1499.50&');
  });

  it('encodes the link as a PNG QR code', async () => {
    const url = await upiQrDataUrl('upi://pay?pa=a@b&pn=A&am=1.00&cu=INR&tn=x');
    expect(url).toMatch(/^data:image\/png;base64,/);
  });
});
