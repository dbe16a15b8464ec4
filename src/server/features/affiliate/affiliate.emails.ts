import { defineEmail } from '../../lib/mailer.js';

export const payoutEmail = defineEmail<{ siteName: string; name: string; amount: string; owed: string; link: string }>({
  quoted: ['name'],
  subject: {
    en: ({ amount, siteName }) => `${siteName} has paid you ${amount} of your earnings`,
    mr: ({ amount, siteName }) => `${siteName} ने तुमच्या कमाईपैकी ${amount} तुम्हाला दिले आहेत`,
  },
  body: {
    en: ({ name, amount, owed, link }) =>
      `Hello ${name},\n\nWe have paid you ${amount} of your referral earnings. Thank you for sharing!\n\nStill owed to you after this payment: ${owed}.\n\nSee your earnings and payouts on your dashboard: ${link}`,
    mr: ({ name, amount, owed, link }) =>
      `नमस्कार ${name},\n\nतुमच्या रेफरल कमाईपैकी ${amount} आम्ही तुम्हाला दिले आहेत. इतरांना सांगितल्याबद्दल धन्यवाद!\n\nया पेमेंटनंतर तुम्हाला अजून मिळणे बाकी: ${owed}.\n\nतुमची कमाई आणि मिळालेली रक्कम डॅशबोर्डवर पहा: ${link}`,
  },
});
