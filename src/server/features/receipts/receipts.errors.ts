import { defineErrors } from '../../lib/errors.js';

export const receiptErrors = defineErrors({
  RECEIPT_NOT_FOUND: [
    'NOT_FOUND',
    {
      en: 'There is no receipt for this order yet: a receipt is made when the payment is verified.',
      mr: 'या ऑर्डरची पावती अजून नाही: पेमेंट पडताळल्यावर पावती तयार होते.',
    },
  ],
  NOT_YOUR_RECEIPT: ['FORBIDDEN', { en: 'This receipt belongs to someone else.', mr: 'ही पावती दुसऱ्या कोणाची आहे.' }],
  PERIOD_TOO_LONG: [
    'BAD_REQUEST',
    {
      en: 'Please choose a period of at most one year, with the start before the end.',
      mr: 'कृपया जास्तीत जास्त एका वर्षाचा कालावधी निवडा, सुरुवात शेवटच्या आधी असावी.',
    },
  ],
  RECEIPT_NUMBERS_USED_UP: [
    'CONFLICT',
    {
      en: 'Receipt numbers for this financial year are used up. Please contact the site owner.',
      mr: 'या आर्थिक वर्षातील पावती क्रमांक संपले आहेत. कृपया साइटच्या मालकाशी संपर्क साधा.',
    },
  ],
  CREDIT_NOTE_NUMBERS_USED_UP: [
    'CONFLICT',
    {
      en: 'Credit note numbers for this financial year are used up. Please contact the site owner.',
      mr: 'या आर्थिक वर्षातील क्रेडिट नोट क्रमांक संपले आहेत. कृपया साइटच्या मालकाशी संपर्क साधा.',
    },
  ],
  CREDIT_NOTE_NOT_FOUND: [
    'NOT_FOUND',
    {
      en: 'There is no credit note for this order: one is made only when an order with a tax invoice is reversed.',
      mr: 'या ऑर्डरची क्रेडिट नोट नाही: कर बीजक असलेली ऑर्डर उलट केल्यावरच क्रेडिट नोट तयार होते.',
    },
  ],
});
