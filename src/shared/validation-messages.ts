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
    mr: 'व्यवहार क्रमांक (UTR) हा पैसे भरल्यानंतर तुमच्या UPI ॲपमध्ये दिसणारा 12 अंकी क्रमांक आहे.',
  },
  PURCHASE_FIELDS_REQUIRED: {
    en: 'Please fill in all required fields including transaction ID.',
    mr: 'कृपया व्यवहार क्रमांकासह सर्व आवश्यक माहिती भरा.',
  },
  PACKAGE_REQUIRED: { en: 'Error: No package selected!', mr: 'त्रुटी: कोणतेही पॅकेज निवडलेले नाही!' },
  CODE_INVALID: {
    en: 'A code has 4 to 20 letters and digits.',
    mr: 'कोडमध्ये 4 ते 20 अक्षरे आणि अंक असतात.',
  },
  PERCENT_INVALID: { en: 'The percentage must be from 1 to 100.', mr: 'टक्केवारी 1 ते 100 दरम्यान असावी.' },
  LIMIT_INVALID: { en: 'The limit must be a whole number, 1 or more.', mr: 'मर्यादा 1 किंवा त्याहून जास्त पूर्ण संख्या असावी.' },
  GATEWAY_PAYMENT_INVALID: {
    en: 'This is not a payment of the payment gateway.',
    mr: 'हे पेमेंट गेटवेचे पेमेंट नाही.',
  },
  ACTION_INVALID: { en: 'The action must be approve or reject.', mr: 'कृती approve किंवा reject असावी.' },
  AMOUNT_INVALID: {
    en: 'Please enter an amount in rupees, such as 1500 or 1500.50.',
    mr: 'कृपया रुपयांमध्ये रक्कम लिहा, उदा. 1500 किंवा 1500.50.',
  },
  ROLE_INVALID: { en: 'The role must be user or admin.', mr: 'भूमिका user किंवा admin असावी.' },
  PAGE_INVALID: { en: 'The page must be a whole number from 1.', mr: 'पान क्रमांक 1 पासूनचा पूर्ण अंक असावा.' },
  TEXT_TOO_LONG: { en: 'This text is too long.', mr: 'हा मजकूर खूप मोठा आहे.' },
  ID_INVALID: { en: 'This id is not valid.', mr: 'हा आयडी वैध नाही.' },
  // Catalogue
  PACKAGE_NAME_REQUIRED: { en: 'Please enter the package name.', mr: 'कृपया पॅकेजचे नाव लिहा.' },
  DESCRIPTION_REQUIRED: { en: 'Please enter a description.', mr: 'कृपया वर्णन लिहा.' },
  PRICE_REQUIRED: { en: 'Please enter the price in rupees.', mr: 'कृपया किंमत रुपयांमध्ये लिहा.' },
  PRICE_INVALID: {
    en: 'Please enter a price in rupees above 0, with at most two decimals.',
    mr: 'कृपया 0 पेक्षा जास्त किंमत रुपयांमध्ये लिहा (दशांशानंतर जास्तीत जास्त दोन अंक).',
  },
  COMMISSION_INVALID: {
    en: 'Please enter the commission in rupees, from 0 up to the price.',
    mr: 'कृपया कमिशन रुपयांमध्ये लिहा, 0 पासून किमतीपर्यंत.',
  },
  TIER_INVALID: {
    en: 'Please choose a tier: Beginner, Elite, Silver, Gold, Diamond or Platinum.',
    mr: 'कृपया स्तर निवडा: Beginner, Elite, Silver, Gold, Diamond किंवा Platinum.',
  },
  PACKAGE_IMAGE_REQUIRED: { en: 'Please choose an image for the package.', mr: 'कृपया पॅकेजसाठी फोटो निवडा.' },
  LECTURE_LINK_REQUIRED: {
    en: 'Please select a course and enter a lecture link.',
    mr: 'कृपया कोर्स निवडा आणि लेक्चरची लिंक टाका.',
  },
  STALE_DAYS_INVALID: {
    en: 'Choose a number of days from 1 to 90.',
    mr: '1 ते 90 मधील दिवसांची संख्या निवडा.',
  },
  COLUMNS_INVALID: {
    en: 'Please choose the columns for date, description and credit amount.',
    mr: 'कृपया तारीख, तपशील आणि जमा रक्कम यांचे कॉलम निवडा.',
  },
  ORDERS_REQUIRED: { en: 'There are no orders to approve.', mr: 'मंजूर करण्यासाठी कोणतीही ऑर्डर नाही.' },
  // Payments and receipts
  UTR_NOT_REAL: {
    en: 'This does not look like a UTR (every digit is the same). Please copy the 12-digit number from your UPI app.',
    mr: 'हा UTR वाटत नाही (सगळे अंक सारखेच आहेत). कृपया तुमच्या UPI ॲपमधील 12 अंकी क्रमांक कॉपी करा.',
  },
  STATE_REQUIRED: { en: 'Please choose your state.', mr: 'कृपया तुमचे राज्य निवडा.' },
  PIN_INVALID: { en: 'Please enter the 6-digit PIN code of your address.', mr: 'कृपया तुमच्या पत्त्याचा 6 अंकी पिन कोड लिहा.' },
  DATE_INVALID: { en: 'Please enter a date such as 2026-04-01.', mr: 'कृपया 2026-04-01 अशी तारीख लिहा.' },
  UPI_ID_INVALID: {
    en: 'Please enter a UPI id such as name@bank.',
    mr: 'कृपया name@bank असा UPI आयडी लिहा.',
  },
  ACCOUNT_NUMBER_INVALID: {
    en: 'Please enter the bank account number: 9 to 18 digits.',
    mr: 'कृपया बँक खाते क्रमांक लिहा: 9 ते 18 अंक.',
  },
  ACCOUNT_NUMBERS_DIFFER: {
    en: 'The two account numbers are not the same.',
    mr: 'दोन्ही खाते क्रमांक सारखे नाहीत.',
  },
  IFSC_INVALID: {
    en: 'Please enter the IFSC: 4 letters, a zero, then 6 letters or digits (e.g. SBIN0001234).',
    mr: 'कृपया IFSC लिहा: 4 अक्षरे, शून्य, मग 6 अक्षरे किंवा अंक (उदा. SBIN0001234).',
  },
  PAN_INVALID: {
    en: 'Please enter the PAN: 5 letters, 4 digits, 1 letter (e.g. ABCDE1234F).',
    mr: 'कृपया PAN लिहा: 5 अक्षरे, 4 अंक, 1 अक्षर (उदा. ABCDE1234F).',
  },
  PAN_NAME_REQUIRED: {
    en: 'Please enter your name exactly as it is on your PAN card.',
    mr: 'कृपया PAN कार्डवर आहे तसेच तुमचे नाव लिहा.',
  },
  ACCOUNT_HOLDER_LATIN: {
    en: "Please write the account holder's name in English letters (A to Z), exactly as your bank has it.",
    mr: 'कृपया खातेधारकाचे नाव बँकेत आहे तसेच इंग्रजी अक्षरांत (A ते Z) लिहा.',
  },
  MONTH_INVALID: { en: 'Please choose a month (YYYY-MM).', mr: 'कृपया महिना निवडा (YYYY-MM).' },
  GSTIN_INVALID: {
    en: 'Please enter the GSTIN: 15 characters, e.g. 27AAPFU0939F1ZV.',
    mr: 'कृपया GSTIN लिहा: 15 अक्षरे, उदा. 27AAPFU0939F1ZV.',
  },
  GSTIN_CHECK_FAILED: {
    en: 'This GSTIN has a typing mistake: its last character does not match the rest. Please check it against the GST certificate.',
    mr: 'या GSTIN मध्ये टाइप करताना चूक झाली आहे: शेवटचे अक्षर बाकीच्यांशी जुळत नाही. कृपया GST प्रमाणपत्र पाहून तपासा.',
  },
  BANK_REFERENCE_INVALID: {
    en: "Please enter the bank's reference (UTR): 6 to 22 letters or digits.",
    mr: 'कृपया बँकेचा संदर्भ क्रमांक (UTR) लिहा: 6 ते 22 अक्षरे किंवा अंक.',
  },
  REASON_REQUIRED: { en: 'Please write the reason.', mr: 'कृपया कारण लिहा.' },
  PERIOD_INVALID: {
    en: 'Please choose a month (YYYY-MM) or a financial year (YYYY-YY).',
    mr: 'कृपया महिना (YYYY-MM) किंवा आर्थिक वर्ष (YYYY-YY) निवडा.',
  },
  CUTOFF_INVALID: { en: 'Please choose a valid cutoff date and time.', mr: 'कृपया योग्य कट-ऑफ तारीख आणि वेळ निवडा.' },
  // Learning: progress, drip, quizzes, certificates
  SECONDS_INVALID: { en: 'The time watched must be a number of seconds.', mr: 'पाहिलेला वेळ सेकंदांच्या संख्येत असावा.' },
  DRIP_MODE_INVALID: {
    en: 'Choose no schedule, one lecture a week, or days after purchase.',
    mr: 'वेळापत्रक नाही, आठवड्याला एक लेक्चर, किंवा खरेदीनंतरचे दिवस यापैकी एक निवडा.',
  },
  PASS_PERCENT_INVALID: { en: 'The pass mark must be a whole percentage from 1 to 100.', mr: 'उत्तीर्ण गुण 1 ते 100 मधील पूर्ण टक्केवारी असावी.' },
  QUESTION_TEXT_REQUIRED: {
    en: 'Write the question in Marathi, in English, or both.',
    mr: 'प्रश्न मराठीत, इंग्रजीत किंवा दोन्हीमध्ये लिहा.',
  },
  OPTIONS_INVALID: {
    en: 'Give 2 to 8 choices, each with its text in Marathi or English, and mark at least one as right.',
    mr: '2 ते 8 पर्याय द्या, प्रत्येकाचा मजकूर मराठीत किंवा इंग्रजीत, आणि किमान एक बरोबर म्हणून खूण करा.',
  },
  ANSWERS_INVALID: {
    en: 'Your answers do not match this quiz. Please reload it and answer again.',
    mr: 'तुमची उत्तरे या क्विझशी जुळत नाहीत. कृपया क्विझ पुन्हा उघडून उत्तरे द्या.',
  },
  CERTIFICATE_NAME_INVALID: {
    en: 'Write your name in Marathi (Devanagari) letters or in English letters, not both: 2 to 60 characters.',
    mr: 'तुमचे नाव मराठी (देवनागरी) अक्षरांत किंवा इंग्रजी अक्षरांत लिहा, दोन्ही मिसळून नाही: 2 ते 60 अक्षरे.',
  },
  CERTIFICATE_NUMBER_INVALID: {
    en: 'A certificate number looks like MS-7K3F-9QX2-HW4P.',
    mr: 'प्रमाणपत्र क्रमांक MS-7K3F-9QX2-HW4P असा असतो.',
  },
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;
