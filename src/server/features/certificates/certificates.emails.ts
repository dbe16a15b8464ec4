import { defineEmail } from '../../lib/mailer.js';

type Site = { siteName: string };

export const certificateIssuedEmail = defineEmail<Site & { name: string; pkg: string; number: string; link: string }>({
  kind: 'certificate-issued',
  subject: {
    en: ({ pkg }) => `Your certificate for ${pkg}`,
    mr: ({ pkg }) => `${pkg} चे तुमचे प्रमाणपत्र`,
  },
  body: {
    en: ({ name, pkg, number, link }) =>
      `Hello ${name},\n\nCongratulations on finishing ${pkg}! Your certificate number is ${number}.\n\nAnyone can check it, and you can download it and share it, here: ${link}`,
    mr: ({ name, pkg, number, link }) =>
      `नमस्कार ${name},\n\n${pkg} पूर्ण केल्याबद्दल अभिनंदन! तुमच्या प्रमाणपत्राचा क्रमांक ${number} आहे.\n\nकोणीही ते इथे तपासू शकते, आणि तुम्ही ते डाउनलोड करून शेअर करू शकता: ${link}`,
  },
});

export const certificateRevokedEmail = defineEmail<Site & { name: string; pkg: string; number: string; reason: string }>({
  kind: 'certificate-revoked',
  subject: {
    en: ({ pkg }) => `Your certificate for ${pkg} was revoked`,
    mr: ({ pkg }) => `${pkg} चे तुमचे प्रमाणपत्र रद्द केले`,
  },
  body: {
    en: ({ name, pkg, number, reason }) => `Hello ${name},\n\nYour certificate ${number} for ${pkg} was revoked.\n\nReason: ${reason}`,
    mr: ({ name, pkg, number, reason }) => `नमस्कार ${name},\n\n${pkg} चे तुमचे प्रमाणपत्र ${number} रद्द करण्यात आले आहे.\n\nकारण: ${reason}`,
  },
  quoted: ['reason'],
});

export const certificateRestoredEmail = defineEmail<Site & { name: string; pkg: string; number: string; reason: string; link: string }>({
  kind: 'certificate-restored',
  subject: {
    en: ({ pkg }) => `Your certificate for ${pkg} is valid again`,
    mr: ({ pkg }) => `${pkg} चे तुमचे प्रमाणपत्र पुन्हा वैध`,
  },
  body: {
    en: ({ name, pkg, number, reason, link }) =>
      `Hello ${name},\n\nYour certificate ${number} for ${pkg} was restored and is valid again: ${link}\n\nReason: ${reason}`,
    mr: ({ name, pkg, number, reason, link }) => `नमस्कार ${name},\n\n${pkg} चे तुमचे प्रमाणपत्र ${number} परत देण्यात आले असून ते पुन्हा वैध आहे: ${link}\n\nकारण: ${reason}`,
  },
  quoted: ['reason'],
});

export const certificateNameCorrectedEmail = defineEmail<Site & { name: string; printed: string; reason: string }>({
  kind: 'certificate-name-corrected',
  subject: {
    en: ({ siteName }) => `${siteName}: the name on your certificates was corrected`,
    mr: ({ siteName }) => `${siteName}: तुमच्या प्रमाणपत्रांवरील नाव दुरुस्त केले`,
  },
  body: {
    en: ({ name, printed, reason }) =>
      `Hello ${name},\n\nYour certificates now carry the name ${printed}: the certificates you have, their public pages and their PDFs, under the same numbers.\n\nReason: ${reason}`,
    mr: ({ name, printed, reason }) =>
      `नमस्कार ${name},\n\nतुमच्या प्रमाणपत्रांवर आता ${printed} हे नाव आहे: तुमची प्रमाणपत्रे, त्यांची सार्वजनिक पाने आणि PDF, त्याच क्रमांकांनी.\n\nकारण: ${reason}`,
  },
  quoted: ['reason', 'printed'],
});
