import { defineErrors } from '../../lib/errors.js';

export const quizErrors = defineErrors({
  QUIZ_NOT_FOUND: ['NOT_FOUND', { en: 'This quiz does not exist.', mr: 'ही क्विझ अस्तित्वात नाही.' }],
  QUESTION_NOT_FOUND: ['NOT_FOUND', { en: 'This question does not exist.', mr: 'हा प्रश्न अस्तित्वात नाही.' }],
  QUIZ_EXISTS: [
    'CONFLICT',
    {
      en: 'This lecture (or the end of this package) already has a quiz. Add questions to it instead.',
      mr: 'या लेक्चरला (किंवा या पॅकेजच्या शेवटी) आधीच क्विझ आहे. त्यातच प्रश्न जोडा.',
    },
  ],
  QUIZ_LOCKED: [
    'FORBIDDEN',
    {
      en: 'This quiz opens with its lecture (the package’s final quiz once every lecture is open).',
      mr: 'ही क्विझ तिच्या लेक्चरसोबत उघडते (पॅकेजची शेवटची क्विझ सर्व लेक्चर्स उघडल्यावर).',
    },
  ],
  QUIZ_EMPTY: ['CONFLICT', { en: 'This quiz has no questions yet.', mr: 'या क्विझमध्ये अजून प्रश्न नाहीत.' }],
  QUIZ_CHANGED: [
    'CONFLICT',
    {
      en: 'This quiz changed while you were answering. Please open it again.',
      mr: 'तुम्ही उत्तरे देत असताना ही क्विझ बदलली. कृपया ती पुन्हा उघडा.',
    },
  ],
});
