import { defineEmail } from '../../lib/mailer.js';

type Site = { siteName: string; name: string; link: string };

export const detailsChangedEmail = defineEmail<Site & { where: string; at: string }>({
  kind: 'details-changed',
  subject: {
    en: ({ siteName }) => `${siteName}: your payout details were changed`,
    mr: ({ siteName }) => `${siteName}: तुमची पेआउट माहिती बदलली`,
  },
  body: {
    en: ({ name, where, at, link }) =>
      `Hello ${name},\n\nThe details where we send your earnings were changed on ${at}. From now on payouts you request go to: ${where}.\n\nIf you did not make this change, change your password at once and write to us: someone may be trying to take your earnings.\n\n${link}`,
    mr: ({ name, where, at, link }) =>
      `नमस्कार ${name},\n\nतुमची कमाई पाठवण्याची माहिती ${at} रोजी बदलली. आतापासून तुम्ही विनंती केलेली पेआउट येथे जातील: ${where}.\n\nहा बदल तुम्ही केला नसेल, तर लगेच पासवर्ड बदला आणि आम्हाला कळवा: कोणीतरी तुमची कमाई घेण्याचा प्रयत्न करत असेल.\n\n${link}`,
  },
});

export const payoutPaidEmail = defineEmail<
  Site & { gross: string; tds: string; sections: string; net: string; reference: string; where: string; owed: string }
>({
  kind: 'payout-paid',
  subject: {
    en: ({ siteName, net }) => `${siteName} has paid you ${net} of your earnings`,
    mr: ({ siteName, net }) => `${siteName} ने तुमच्या कमाईपैकी ${net} तुम्हाला दिले आहेत`,
  },
  body: {
    en: ({ name, gross, tds, sections, net, reference, where, owed, link }) =>
      `Hello ${name},\n\nWe have paid your referral earnings.\n\nEarnings paid: ${gross}\nTDS withheld on the commissions this pays: ${tds}${sections ? ` (section ${sections})` : ''}, withheld when they were credited\nSent to you: ${net}\nTo: ${where}\nBank reference (UTR): ${reference}\n\nStill owed to you after this payment: ${owed}.\n\nYour statement: ${link}`,
    mr: ({ name, gross, tds, sections, net, reference, where, owed, link }) =>
      `नमस्कार ${name},\n\nतुमची रेफरल कमाई आम्ही दिली आहे.\n\nदिलेली कमाई: ${gross}\nया पेआउटमधील कमिशनवर कापलेला TDS: ${tds}${sections ? ` (कलम ${sections})` : ''}, कमिशन जमा झाले तेव्हा कापला\nतुम्हाला पाठवलेली रक्कम: ${net}\nकुठे: ${where}\nबँक संदर्भ (UTR): ${reference}\n\nया पेआउटनंतर अजून मिळणे बाकी: ${owed}.\n\nतुमचे स्टेटमेंट: ${link}`,
  },
});

export const payoutFailedEmail = defineEmail<Site & { gross: string; reason: string }>({
  kind: 'payout-failed',
  quoted: ['reason'],
  subject: {
    en: ({ siteName }) => `${siteName}: your payout could not be made`,
    mr: ({ siteName }) => `${siteName}: तुमचे पेआउट होऊ शकले नाही`,
  },
  body: {
    en: ({ name, gross, reason, link }) =>
      `Hello ${name},\n\nThe bank could not send your payout of ${gross}. Reason: ${reason}\n\nThe amount is still owed to you. Please check your payout details and ask again: ${link}`,
    mr: ({ name, gross, reason, link }) =>
      `नमस्कार ${name},\n\nबँक तुमचे ${gross} चे पेआउट पाठवू शकली नाही. कारण: ${reason}\n\nही रक्कम अजूनही तुम्हाला मिळणे बाकी आहे. कृपया तुमची पेआउट माहिती तपासा आणि पुन्हा विनंती करा: ${link}`,
  },
});
