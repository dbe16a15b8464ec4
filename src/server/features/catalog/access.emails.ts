import { defineEmail } from '../../lib/mailer.js';

type Site = { siteName: string };

export const accessRevokedEmail = defineEmail<Site & { name: string; pkg: string; reason: string; link: string }>({
  kind: 'access-revoked',
  subject: {
    en: ({ pkg }) => `Your access to ${pkg} has been taken back`,
    mr: ({ pkg }) => `${pkg} चा तुमचा ॲक्सेस काढून घेतला आहे`,
  },
  body: {
    en: ({ name, pkg, reason, link }) =>
      `Hello ${name},\n\nAn admin has taken back your access to ${pkg}. Its lectures can no longer be watched from your account.\n\nReason: ${reason}\n\nIf you think this is a mistake, please contact us: ${link}`,
    mr: ({ name, pkg, reason, link }) =>
      `नमस्कार ${name},\n\nॲडमिनने ${pkg} चा तुमचा ॲक्सेस काढून घेतला आहे. त्याची लेक्चर्स आता तुमच्या खात्यातून पाहता येणार नाहीत.\n\nकारण: ${reason}\n\nही चूक आहे असे वाटल्यास कृपया आमच्याशी संपर्क साधा: ${link}`,
  },
});

export const accessRestoredEmail = defineEmail<Site & { name: string; pkg: string; link: string }>({
  kind: 'access-restored',
  subject: {
    en: ({ pkg }) => `Your access to ${pkg} is back`,
    mr: ({ pkg }) => `${pkg} चा तुमचा ॲक्सेस परत मिळाला आहे`,
  },
  body: {
    en: ({ name, pkg, link }) => `Hello ${name},\n\nYour access to ${pkg} is back. You can watch its lectures again: ${link}`,
    mr: ({ name, pkg, link }) => `नमस्कार ${name},\n\n${pkg} चा तुमचा ॲक्सेस परत मिळाला आहे. तुम्ही त्याची लेक्चर्स पुन्हा पाहू शकता: ${link}`,
  },
});
