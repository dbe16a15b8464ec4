import type { Language } from '../../../shared/domain.js';
import type { Localized } from '../../lib/errors.js';

/** What a successful REST call says as its `message`, in the request's language (the app's own texts are in its locales). */
const texts = {
  LOGGED_IN: { en: 'Logged in successfully.', mr: 'यशस्वीरीत्या लॉग इन झाले.' },
  LOGGED_OUT: { en: 'Logged Out', mr: 'लॉग आउट झाले' },
  CODE_SENT: {
    en: 'We have sent a 6-digit code to your email. It is valid for 10 minutes.',
    mr: 'तुमच्या ईमेलवर 6 अंकी कोड पाठवला आहे. तो 10 मिनिटे वैध आहे.',
  },
  VERIFIED: { en: 'Your account is ready. Please log in.', mr: 'तुमचे खाते तयार आहे. कृपया लॉग इन करा.' },
  VERIFIED_SIGNED_IN: { en: 'Your account is ready and you are logged in.', mr: 'तुमचे खाते तयार आहे आणि तुम्ही लॉग इन झाला आहात.' },
  RESET_SENT: {
    en: 'If an account exists for this email, we have sent a link to reset the password.',
    mr: 'या ईमेलचे खाते असल्यास, पासवर्ड रीसेट करण्याची लिंक पाठवली आहे.',
  },
  PASSWORD_CHANGED: {
    en: 'Your password has been changed. Please log in.',
    mr: 'तुमचा पासवर्ड बदलला आहे. कृपया लॉग इन करा.',
  },
  IMAGE_UPLOADED: { en: 'Profile image uploaded successfully!', mr: 'प्रोफाइल फोटो यशस्वीरीत्या अपलोड झाला!' },
} satisfies Record<string, Localized>;

export function authText(key: keyof typeof texts, lang: Language): string {
  return texts[key][lang];
}
