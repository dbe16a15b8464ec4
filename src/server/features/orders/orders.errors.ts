import { defineErrors } from '../../lib/errors.js';

export const orderErrors = defineErrors({
  PAYMENTS_NOT_SET_UP: [
    'PRECONDITION_FAILED',
    {
      en: 'Payments are not set up yet. Please contact us.',
      mr: 'पेमेंट्सची सोय अजून सुरू झालेली नाही. कृपया आमच्याशी संपर्क साधा.',
    },
  ],
  PACKAGE_NOT_FOUND: ['NOT_FOUND', { en: 'This package is not on sale.', mr: 'हे पॅकेज विक्रीसाठी उपलब्ध नाही.' }],
  ALREADY_OWNED: ['CONFLICT', { en: 'You have already bought this package.', mr: 'हे पॅकेज तुम्ही आधीच घेतले आहे.' }],
  ORDER_WAITING: [
    'CONFLICT',
    {
      en: 'Your earlier payment for this package is still being verified. Please wait for it.',
      mr: 'या पॅकेजसाठीच्या तुमच्या आधीच्या पेमेंटची पडताळणी अजून सुरू आहे. कृपया थोडी वाट पहा.',
    },
  ],
  UTR_TAKEN: [
    'CONFLICT',
    {
      en: 'This transaction ID (UTR) has already been used. Please check it in your UPI app.',
      mr: 'हा व्यवहार क्रमांक (UTR) आधीच वापरला गेला आहे. कृपया तुमच्या UPI ॲपमध्ये तपासा.',
    },
  ],
  REFERRAL_UNKNOWN: [
    'BAD_REQUEST',
    {
      en: 'No one has this referral ID. Please check it, or leave it empty.',
      mr: 'हा रेफरल आयडी कोणाचाही नाही. कृपया तपासा किंवा रिकामा ठेवा.',
    },
  ],
  REFERRAL_SELF: ['BAD_REQUEST', { en: 'You cannot use your own referral ID.', mr: 'तुम्ही स्वतःचा रेफरल आयडी वापरू शकत नाही.' }],
  REFERRAL_LOOP: [
    'BAD_REQUEST',
    {
      en: 'This person joined through you, so they cannot be your sponsor.',
      mr: 'ही व्यक्ती तुमच्यामार्फत सामील झाली आहे, त्यामुळे ती तुमची स्पॉन्सर होऊ शकत नाही.',
    },
  ],
  ACCOUNT_GONE: ['UNAUTHORIZED', { en: 'This account no longer exists.', mr: 'हे खाते आता अस्तित्वात नाही.' }],
  BUYER_DELETED: [
    'CONFLICT',
    {
      en: 'The buyer of this order has been deleted, so it cannot be approved.',
      mr: 'या ऑर्डरचा खरेदीदार हटवला गेला आहे, त्यामुळे ती मंजूर करता येणार नाही.',
    },
  ],
  STATE_AND_PIN_REQUIRED: [
    'BAD_REQUEST',
    {
      en: 'Please choose your state and enter your PIN code: they go on your tax invoice.',
      mr: 'कृपया तुमचे राज्य निवडा आणि पिन कोड लिहा: ते तुमच्या कर बीजकावर येतात.',
    },
  ],
  ORDER_NOT_FOUND: ['NOT_FOUND', { en: 'This order does not exist.', mr: 'ही ऑर्डर अस्तित्वात नाही.' }],
  ORDER_DECIDED: [
    'CONFLICT',
    {
      en: 'This order has already been approved or rejected.',
      mr: 'ही ऑर्डर आधीच मंजूर किंवा नामंजूर झाली आहे.',
    },
  ],
});
