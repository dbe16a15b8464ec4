/**
 * Messages for bad input, by key. A zod schema names the key as its message
 * (`z.email({ error: 'EMAIL_INVALID' })`); the server turns it into the request's language.
 * The English texts of the spec are kept word for word.
 */
export const validationMessages = {
  REQUIRED: { en: 'Please fill in this field.', mr: 'कृपया ही माहिती भरा.' },
  NAME_REQUIRED: { en: 'Please enter your name.', mr: 'कृपया तुमचे नाव लिहा.' },
  EMAIL_INVALID: { en: 'Please enter a valid email address.', mr: 'कृपया योग्य ईमेल पत्ता लिहा.' },
  PHONE_INVALID: {
    en: 'Please enter a valid 10-digit phone number.',
    mr: 'कृपया योग्य 10 अंकी फोन नंबर लिहा.',
  },
  PASSWORD_TOO_SHORT: {
    en: 'The password must have at least 8 characters.',
    mr: 'पासवर्डमध्ये किमान 8 अक्षरे असावीत.',
  },
  OTP_INVALID: {
    en: 'Please enter the 6-digit code from the email.',
    mr: 'कृपया ईमेलमधील 6 अंकी कोड लिहा.',
  },
  TEXT_TOO_LONG: { en: 'This text is too long.', mr: 'हा मजकूर खूप मोठा आहे.' },
  ID_INVALID: { en: 'This id is not valid.', mr: 'हा आयडी वैध नाही.' },
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;
