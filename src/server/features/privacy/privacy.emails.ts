import { defineEmail } from '../../lib/mailer.js';

type Site = { siteName: string };

export const erasureConfirmEmail = defineEmail<Site & { name: string; link: string }>({
  kind: 'erasure-confirm',
  quoted: ['name'],
  subject: { en: () => 'Confirm: erase your account', mr: () => 'खात्री करा: तुमचे खाते मिटवा' },
  body: {
    en: ({ name, link, siteName }) =>
      `Hello ${name},\n\nYou asked to erase your ${siteName} account. This cannot be undone: your profile, progress, devices and payout details are deleted, and your packages leave your account. Your orders, receipts and earnings records are kept as the law asks (eight years), without your name or contact.\n\nTo erase it, open this link within 30 minutes:\n${link}\n\nIf you did not ask for this, ignore this email and change your password.`,
    mr: ({ name, link, siteName }) =>
      `नमस्कार ${name},\n\nतुम्ही तुमचे ${siteName} खाते मिटवायला सांगितले आहे. हे परत करता येत नाही: तुमची प्रोफाइल, प्रगती, डिव्हाइसेस आणि पेआउट तपशील हटवले जातील, आणि तुमची पॅकेजेस खात्यातून जातील. तुमच्या ऑर्डर, पावत्या आणि कमाईच्या नोंदी कायद्यानुसार (आठ वर्षे) तुमचे नाव किंवा संपर्क न ठेवता ठेवल्या जातील.\n\nखाते मिटवण्यासाठी 30 मिनिटांत ही लिंक उघडा:\n${link}\n\nतुम्ही हे मागितले नसेल तर हा ईमेल दुर्लक्षित करा आणि पासवर्ड बदला.`,
  },
});

export const erasureDoneEmail = defineEmail<Site & { name: string }>({
  kind: 'erasure-done',
  quoted: ['name'],
  subject: { en: () => 'Your account has been erased', mr: () => 'तुमचे खाते मिटवले आहे' },
  body: {
    en: ({ name, siteName }) =>
      `Hello ${name},\n\nYour ${siteName} account has been erased as you asked. This is the last email you get from us. Thank you for learning with us.`,
    mr: ({ name, siteName }) => `नमस्कार ${name},\n\nतुम्ही सांगितल्याप्रमाणे तुमचे ${siteName} खाते मिटवले आहे. आमच्याकडून हा शेवटचा ईमेल आहे. आमच्यासोबत शिकल्याबद्दल धन्यवाद.`,
  },
});

/** To a minor's parent: the code that gives their consent (never in the subject: subjects reach logs). */
export const parentConsentEmail = defineEmail<Site & { childName: string; childEmail: string; code: string; hours: number }>({
  kind: 'parent-consent',
  quoted: ['childName'],
  subject: {
    en: ({ siteName }) => `${siteName}: your child asks for your consent`,
    mr: ({ siteName }) => `${siteName}: तुमचे मूल तुमची संमती मागत आहे`,
  },
  body: {
    en: ({ childName, childEmail, code, hours, siteName }) =>
      `Hello,\n\n${childName} (${childEmail}) signed up at ${siteName} and told us they are under 18. The law (Digital Personal Data Protection Act 2023) needs a parent's consent before we use a child's data: their name, email, phone, and later their purchases and progress.\n\nIf you agree, type this code on their screen (or give it to them): ${code}\n\nIt is valid for ${hours} hours. If you do not agree, ignore this email: the account stays locked, and it can be erased from its Account page.`,
    mr: ({ childName, childEmail, code, hours, siteName }) =>
      `नमस्कार,\n\n${childName} (${childEmail}) यांनी ${siteName} वर नोंदणी केली आहे आणि त्यांचे वय 18 पेक्षा कमी असल्याचे सांगितले आहे. मुलाचा डेटा वापरण्याआधी कायद्यानुसार (डिजिटल वैयक्तिक डेटा संरक्षण कायदा 2023) पालकांची संमती लागते: त्यांचे नाव, ईमेल, फोन, आणि पुढे त्यांच्या खरेदी व प्रगती.\n\nतुमची संमती असल्यास, हा कोड त्यांच्या स्क्रीनवर टाका (किंवा त्यांना द्या): ${code}\n\nतो ${hours} तास वैध आहे. संमती नसल्यास हा ईमेल दुर्लक्षित करा: खाते बंद राहील, आणि ते खात्याच्या पानावरून मिटवता येईल.`,
  },
});
