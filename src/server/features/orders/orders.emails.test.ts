import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../lib/mailer.js';
import { newOrderEmail } from './orders.emails.js';

const order = {
  siteName: 'Marathi Success',
  buyer: 'Asha Patil',
  email: 'asha@example.com',
  pkg: 'Share Market Basics',
  utr: '501501259006',
  link: 'https://learn.example.in/admin/pending-orders',
  decided: false,
};

describe("the admins' “new payment to verify” email", () => {
  it('for a second part of an order paid in parts: the part, what arrived before, and the total paid so far of the price, in English and Marathi', () => {
    const params = { ...order, amount: '₹100', part: { earlier: '₹899', paidSoFar: '₹999', price: '₹999' } };
    const en = renderEmail(newOrderEmail, 'en', params, 'admin@example.com');
    expect(en.subject).toBe('New payment to verify: Share Market Basics, ₹100 (with it, ₹999 of ₹999 paid)');
    expect(en.text).toContain('This part: ₹100. Arrived before: ₹899. Paid so far with this part: ₹999 of the price ₹999.');
    expect(en.text).toContain('then approve or reject the order');
    const mr = renderEmail(newOrderEmail, 'mr', params, 'admin@example.com');
    expect(mr.subject).toBe('पडताळणीसाठी नवीन पेमेंट: Share Market Basics, ₹100 (त्यासह ₹999 पैकी ₹999 भरले)');
    expect(mr.text).toContain('हा भाग: ₹100. आधी मिळालेले: ₹899. या भागासह आतापर्यंत भरलेले: ₹999 किमतीपैकी ₹999.');
    // Decided by the gateway meanwhile: still says where the order stands.
    const decided = renderEmail(newOrderEmail, 'en', { ...params, decided: true }, 'admin@example.com');
    expect(decided.text).toContain('Paid so far with this part: ₹999 of the price ₹999.');
    expect(decided.text).toContain('This order is already decided');
  });

  it('for an order paid at once: its amount, and no parts', () => {
    for (const lang of ['en', 'mr'] as const) {
      const mail = renderEmail(newOrderEmail, lang, { ...order, amount: '₹999' }, 'admin@example.com');
      expect(mail.subject).toMatch(/: Share Market Basics, ₹999$/);
      expect(mail.text).not.toMatch(/This part|हा भाग/);
    }
  });
});
