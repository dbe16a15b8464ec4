import { defineEmail } from '../../lib/mailer.js';

type Site = { siteName: string };

export const verificationCodeEmail = defineEmail<Site & { name: string; code: string }>({
  kind: 'verification-code',
  quoted: ['name'],
  subject: {
    // Never the code: subjects show on lock screens and in mail logs.
    en: ({ siteName }) => `Your ${siteName} verification code`,
    mr: ({ siteName }) => `तुमचा ${siteName} पडताळणी कोड`,
  },
  body: {
    en: ({ name, code, siteName }) =>
      `Hello ${name},\n\nYour verification code is: ${code}\n\nIt is valid for 10 minutes. Type it on the ${siteName} page where you registered.\n\nIf you did not register, you can ignore this email.`,
    mr: ({ name, code, siteName }) =>
      `नमस्कार ${name},\n\nतुमचा पडताळणी कोड: ${code}\n\nहा कोड 10 मिनिटे वैध आहे. ${siteName} वर जिथे नोंदणी केली त्या पानावर तो टाका.\n\nतुम्ही नोंदणी केली नसेल तर या ईमेलकडे दुर्लक्ष करा.`,
  },
});

/** Sent instead of a code when someone registers with an email that already has an account. */
export const alreadyRegisteredEmail = defineEmail<Site & { loginUrl: string; forgotUrl: string }>({
  kind: 'already-registered',
  subject: {
    en: ({ siteName }) => `You already have a ${siteName} account`,
    mr: ({ siteName }) => `तुमचे ${siteName} खाते आधीच आहे`,
  },
  body: {
    en: ({ loginUrl, forgotUrl }) =>
      `Someone tried to register with this email address, but it already has an account.\n\nIf it was you, log in here: ${loginUrl}\n\nForgot your password? Set a new one here: ${forgotUrl}\n\nIf it was not you, you can ignore this email; your account has not changed.`,
    mr: ({ loginUrl, forgotUrl }) =>
      `या ईमेल पत्त्याने कोणीतरी नोंदणी करण्याचा प्रयत्न केला, पण या ईमेलचे खाते आधीच आहे.\n\nतो तुम्हीच असाल तर येथे लॉग इन करा: ${loginUrl}\n\nपासवर्ड विसरलात? येथे नवीन पासवर्ड ठेवा: ${forgotUrl}\n\nतो तुम्ही नसाल तर या ईमेलकडे दुर्लक्ष करा; तुमच्या खात्यात काहीही बदल झालेला नाही.`,
  },
});

export const passwordResetEmail = defineEmail<Site & { name: string; link: string }>({
  kind: 'password-reset',
  quoted: ['name'],
  subject: {
    en: ({ siteName }) => `Reset your ${siteName} password`,
    mr: ({ siteName }) => `तुमचा ${siteName} पासवर्ड रीसेट करा`,
  },
  body: {
    en: ({ name, link }) =>
      `Hello ${name},\n\nTo choose a new password, open this link within 30 minutes:\n${link}\n\nThe link works once. If you did not ask for it, you can ignore this email; your password stays the same.`,
    mr: ({ name, link }) =>
      `नमस्कार ${name},\n\nनवीन पासवर्ड निवडण्यासाठी ही लिंक 30 मिनिटांच्या आत उघडा:\n${link}\n\nही लिंक एकदाच चालते. तुम्ही ती मागवली नसेल तर या ईमेलकडे दुर्लक्ष करा; तुमचा पासवर्ड बदलणार नाही.`,
  },
});

export const passwordChangedEmail = defineEmail<Site & { name: string; forgotUrl: string }>({
  kind: 'password-changed',
  quoted: ['name'],
  subject: {
    en: ({ siteName }) => `Your ${siteName} password was changed`,
    mr: ({ siteName }) => `तुमचा ${siteName} पासवर्ड बदलला आहे`,
  },
  body: {
    en: ({ name, forgotUrl }) =>
      `Hello ${name},\n\nYour password was just changed, and every device was logged out.\n\nIf you did not do this, set a new password right away: ${forgotUrl}`,
    mr: ({ name, forgotUrl }) =>
      `नमस्कार ${name},\n\nतुमचा पासवर्ड आत्ताच बदलला गेला आणि सर्व उपकरणांवरून लॉग आउट केले गेले.\n\nहे तुम्ही केले नसेल तर लगेच नवीन पासवर्ड ठेवा: ${forgotUrl}`,
  },
});
