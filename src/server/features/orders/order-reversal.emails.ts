import { defineEmail } from '../../lib/mailer.js';

type Site = { siteName: string; name: string; link: string };

export const orderReversedBuyerEmail = defineEmail<Site & { pkg: string; utr: string; reason: string; creditNote: string | null; invoice: string | null }>({
  kind: 'order-reversed-buyer',
  quoted: ['reason'],
  subject: {
    en: ({ pkg }) => `Your order for ${pkg} was reversed`,
    mr: ({ pkg }) => `${pkg} ची तुमची ऑर्डर उलट केली`,
  },
  body: {
    en: ({ name, pkg, utr, reason, link, creditNote, invoice }) =>
      `Hello ${name},\n\nWe have reversed the approval of your order for ${pkg} (UTR ${utr}), so the package is no longer in your account.\n\nReason: ${reason}${creditNote ? `\n\nCredit note ${creditNote} cancels tax invoice ${invoice}; you can download it from the invoice's page.` : ''}\n\nIf you think this is a mistake, please contact us: ${link}`,
    mr: ({ name, pkg, utr, reason, link, creditNote, invoice }) =>
      `नमस्कार ${name},\n\n${pkg} साठीच्या तुमच्या ऑर्डरची (UTR ${utr}) मंजुरी आम्ही उलट केली आहे, त्यामुळे हे पॅकेज आता तुमच्या खात्यात नाही.\n\nकारण: ${reason}${creditNote ? `\n\nक्रेडिट नोट ${creditNote} ने कर बीजक ${invoice} रद्द होते; ती बीजकाच्या पानावरून डाउनलोड करता येईल.` : ''}\n\nही चूक आहे असे वाटत असल्यास कृपया आमच्याशी संपर्क करा: ${link}`,
  },
});

export const commissionReversedEmail = defineEmail<Site & { pkg: string; amount: string; reason: string; owed: string }>({
  kind: 'commission-reversed',
  quoted: ['reason'],
  subject: {
    en: ({ amount }) => `A commission of ${amount} was reversed`,
    mr: ({ amount }) => `${amount} चे कमिशन उलट केले`,
  },
  body: {
    en: ({ name, pkg, amount, reason, owed, link }) =>
      `Hello ${name},\n\nAn order for ${pkg} that earned you ${amount} was reversed, so this commission is taken back by a correction in your statement.\n\nReason: ${reason}\n\nOwed to you now: ${owed}. If this is below zero, the next payout makes up for it.\n\nYour statement: ${link}`,
    mr: ({ name, pkg, amount, reason, owed, link }) =>
      `नमस्कार ${name},\n\n${pkg} ची ज्या ऑर्डरमुळे तुम्हाला ${amount} मिळाले होते ती ऑर्डर उलट केली आहे, त्यामुळे हे कमिशन तुमच्या स्टेटमेंटमध्ये दुरुस्ती नोंदीने परत घेतले आहे.\n\nकारण: ${reason}\n\nसध्या मिळणे बाकी: ${owed}. हे शून्यापेक्षा कमी असल्यास पुढील पेमेंटमध्ये ते भरून काढले जाईल.\n\nतुमचे स्टेटमेंट: ${link}`,
  },
});
