import { AppError, defineErrors } from '../../lib/errors.js';

export const authErrors = defineErrors({
  INVALID_CREDENTIALS: ['UNAUTHORIZED', { en: 'Incorrect email or password.', mr: 'ईमेल किंवा पासवर्ड चुकीचा आहे.' }],
  WRONG_PASSWORD: ['BAD_REQUEST', { en: 'Your current password is not right.', mr: 'तुमचा सध्याचा पासवर्ड चुकीचा आहे.' }],
  REGISTRATION_NOT_FOUND: [
    'BAD_REQUEST',
    {
      en: 'This registration has expired or does not exist. Please register again.',
      mr: 'ही नोंदणी कालबाह्य झाली आहे किंवा अस्तित्वात नाही. कृपया पुन्हा नोंदणी करा.',
    },
  ],
  CODE_EXPIRED: ['BAD_REQUEST', { en: 'This code has expired. Please ask for a new code.', mr: 'हा कोड कालबाह्य झाला आहे. कृपया नवीन कोड मागवा.' }],
  REGISTRATION_LOCKED: [
    'TOO_MANY_REQUESTS',
    {
      en: 'Too many wrong codes for this registration. Please register again.',
      mr: 'या नोंदणीसाठी खूप वेळा चुकीचा कोड टाकला. कृपया पुन्हा नोंदणी करा.',
    },
  ],
  CODE_LOCKED: [
    'TOO_MANY_REQUESTS',
    {
      en: 'Too many wrong codes. Please ask for a new code.',
      mr: 'खूप वेळा चुकीचा कोड टाकला. कृपया नवीन कोड मागवा.',
    },
  ],
  EMAIL_TAKEN: [
    'CONFLICT',
    {
      en: 'An account with this email already exists. Please log in.',
      mr: 'या ईमेलचे खाते आधीच आहे. कृपया लॉग इन करा.',
    },
  ],
  RESET_LINK_INVALID: [
    'BAD_REQUEST',
    {
      en: 'This reset link is invalid or has expired. Please ask for a new one.',
      mr: 'ही रीसेट लिंक अवैध आहे किंवा कालबाह्य झाली आहे. कृपया नवीन लिंक मागवा.',
    },
  ],
  SETUP_CLOSED: [
    'FORBIDDEN',
    {
      en: 'Setup is already done. Please log in.',
      mr: 'सेटअप आधीच पूर्ण झाला आहे. कृपया लॉग इन करा.',
    },
  ],
  SETUP_TOKEN_INVALID: [
    'FORBIDDEN',
    {
      en: 'This setup link is not valid. Use the link printed in the server log.',
      mr: 'ही सेटअप लिंक वैध नाही. सर्व्हर लॉगमध्ये दिलेली लिंक वापरा.',
    },
  ],
  NOT_YOURS: ['FORBIDDEN', { en: 'You can only see your own details.', mr: 'तुम्ही फक्त तुमचीच माहिती पाहू शकता.' }],
  USER_NOT_FOUND: ['NOT_FOUND', { en: 'This user does not exist.', mr: 'हा वापरकर्ता अस्तित्वात नाही.' }],
  EMAIL_NOT_SENT: [
    'INTERNAL_SERVER_ERROR',
    {
      en: 'We could not send the email just now. Please try again in a few minutes.',
      mr: 'आत्ता ईमेल पाठवता आला नाही. कृपया काही मिनिटांनी पुन्हा प्रयत्न करा.',
    },
  ],
});

export function wrongCode(triesLeft: number): AppError {
  return new AppError('CODE_WRONG', 'BAD_REQUEST', {
    en: `That code is not right. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
    mr: `हा कोड बरोबर नाही. तुमच्याकडे आणखी ${triesLeft} प्रयत्न शिल्लक आहेत.`,
  });
}

export function resendTooSoon(seconds: number): AppError {
  return new AppError(
    'RESEND_TOO_SOON',
    'TOO_MANY_REQUESTS',
    {
      en: `Please wait ${seconds} seconds before asking for another code.`,
      mr: `नवीन कोड मागवण्यापूर्वी कृपया ${seconds} सेकंद थांबा.`,
    },
    { retryAfterSeconds: seconds },
  );
}
