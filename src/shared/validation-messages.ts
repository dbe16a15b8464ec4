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
  UTR_INVALID: {
    en: 'The transaction ID (UTR) is the 12-digit number your UPI app shows after paying.',
    mr: 'व्यवहार क्रमांक (UTR) हा पैसे भरल्यानंतर तुमच्या UPI अ‍ॅपमध्ये दिसणारा 12 अंकी क्रमांक आहे.',
  },
  PURCHASE_FIELDS_REQUIRED: {
    en: 'Please fill in all required fields including transaction ID.',
    mr: 'कृपया व्यवहार क्रमांकासह सर्व आवश्यक माहिती भरा.',
  },
  PACKAGE_REQUIRED: { en: 'Error: No package selected!', mr: 'त्रुटी: कोणतेही पॅकेज निवडलेले नाही!' },
  ACTION_INVALID: { en: 'The action must be approve or reject.', mr: 'कृती approve किंवा reject असावी.' },
  TEXT_TOO_LONG: { en: 'This text is too long.', mr: 'हा मजकूर खूप मोठा आहे.' },
  ID_INVALID: { en: 'This id is not valid.', mr: 'हा आयडी वैध नाही.' },
  STALE_DAYS_INVALID: {
    en: 'Choose a number of days from 1 to 90.',
    mr: '1 ते 90 मधील दिवसांची संख्या निवडा.',
  },
  COLUMNS_INVALID: {
    en: 'Please choose the columns for date, description and credit amount.',
    mr: 'कृपया तारीख, तपशील आणि जमा रक्कम यांचे कॉलम निवडा.',
  },
  ORDERS_REQUIRED: { en: 'There are no orders to approve.', mr: 'मंजूर करण्यासाठी कोणतीही ऑर्डर नाही.' },
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;
