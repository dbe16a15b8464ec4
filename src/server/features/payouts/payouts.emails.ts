import { defineEmail } from '../../lib/mailer.js';

type Site = { siteName: string; name: string; link: string };

export const detailsChangedEmail = defineEmail<Site & { where: string; at: string }>({
  subject: {
    en: ({ siteName }) => `${siteName}: your payout details were changed`,
    mr: ({ siteName }) => `${siteName}: तुमची पेमेंट माहिती बदलली`,
  },
  body: {
    en: ({ name, where, at, link }) =>
      `Hello ${name},\n\nThe details where we send your earnings were changed on ${at}. From now on payouts you request go to: ${where}.\n\nIf you did not make this change, change your password at once and write to us: someone may be trying to take your earnings.\n\n${link}`,
    mr: ({ name, where, at, link }) =>
      `नमस्कार ${name},\n\nतुमची कमाई पाठवण्याची माहिती ${at} रोजी बदलली. आतापासून तुम्ही विनंती केलेली पेमेंट येथे जातील: ${where}.\n\nहा बदल तुम्ही केला नसेल, तर लगेच पासवर्ड बदला आणि आम्हाला कळवा: कोणीतरी तुमची कमाई घेण्याचा प्रयत्न करत असेल.\n\n${link}`,
  },
});

export const payoutPaidEmail = defineEmail<Site & { gross: string; tds: string; net: string; reference: string; where: string; owed: string }>({
  subject: {
    en: ({ siteName, net }) => `${siteName} has paid you ${net} of your earnings`,
    mr: ({ siteName, net }) => `${siteName} ने तुमच्या कमाईपैकी ${net} तुम्हाला दिले आहेत`,
  },
  body: {
    en: ({ name, gross, tds, net, reference, where, owed, link }) =>
      `Hello ${name},\n\nWe have paid your referral earnings.\n\nEarnings paid: ${gross}\nTDS withheld: ${tds}\nSent to you: ${net}\nTo: ${where}\nBank reference (UTR): ${reference}\n\nStill owed to you after this payment: ${owed}.\n\nYour statement: ${link}`,
    mr: ({ name, gross, tds, net, reference, where, owed, link }) =>
      `नमस्कार ${name},\n\nतुमची रेफरल कमाई आम्ही दिली आहे.\n\nदिलेली कमाई: ${gross}\nकापलेला TDS: ${tds}\nतुम्हाला पाठवलेली रक्कम: ${net}\nकुठे: ${where}\nबँक संदर्भ (UTR): ${reference}\n\nया पेमेंटनंतर अजून मिळणे बाकी: ${owed}.\n\nतुमचे स्टेटमेंट: ${link}`,
  },
});

export const payoutFailedEmail = defineEmail<Site & { gross: string; reason: string }>({
  quoted: ['reason'],
  subject: {
    en: ({ siteName }) => `${siteName}: your payout could not be made`,
    mr: ({ siteName }) => `${siteName}: तुमचे पेमेंट होऊ शकले नाही`,
  },
  body: {
    en: ({ name, gross, reason, link }) =>
      `Hello ${name},\n\nThe bank could not send your payout of ${gross}. Reason: ${reason}\n\nThe amount is still owed to you. Please check your payout details and ask again: ${link}`,
    mr: ({ name, gross, reason, link }) =>
      `नमस्कार ${name},\n\nबँक तुमचे ${gross} चे पेमेंट पाठवू शकली नाही. कारण: ${reason}\n\nही रक्कम अजूनही तुम्हाला मिळणे बाकी आहे. कृपया तुमची पेमेंट माहिती तपासा आणि पुन्हा विनंती करा: ${link}`,
  },
});

export const orderReversedBuyerEmail = defineEmail<Site & { pkg: string; utr: string; reason: string }>({
  quoted: ['reason'],
  subject: {
    en: ({ pkg }) => `Your order for ${pkg} was reversed`,
    mr: ({ pkg }) => `${pkg} ची तुमची ऑर्डर उलट केली`,
  },
  body: {
    en: ({ name, pkg, utr, reason, link }) =>
      `Hello ${name},\n\nWe have reversed the approval of your order for ${pkg} (UTR ${utr}), so the package is no longer in your account.\n\nReason: ${reason}\n\nIf you think this is a mistake, please contact us: ${link}`,
    mr: ({ name, pkg, utr, reason, link }) =>
      `नमस्कार ${name},\n\n${pkg} साठीच्या तुमच्या ऑर्डरची (UTR ${utr}) मंजुरी आम्ही उलट केली आहे, त्यामुळे हे पॅकेज आता तुमच्या खात्यात नाही.\n\nकारण: ${reason}\n\nही चूक आहे असे वाटत असल्यास कृपया आमच्याशी संपर्क करा: ${link}`,
  },
});

export const commissionReversedEmail = defineEmail<Site & { pkg: string; amount: string; reason: string; owed: string }>({
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
