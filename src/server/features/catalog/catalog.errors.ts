import { defineErrors } from '../../lib/errors.js';

export const catalogErrors = defineErrors({
  PACKAGE_NOT_FOUND: [
    'NOT_FOUND',
    {
      en: 'This package does not exist or is no longer on sale.',
      mr: 'हे पॅकेज अस्तित्वात नाही किंवा आता विक्रीसाठी नाही.',
    },
  ],
  LECTURE_NOT_FOUND: ['NOT_FOUND', { en: 'This lecture does not exist.', mr: 'हे लेक्चर अस्तित्वात नाही.' }],
  NOT_BOUGHT: [
    'FORBIDDEN',
    {
      en: 'Only learners who bought this package can watch its lectures.',
      mr: 'या पॅकेजची लेक्चर्स फक्त ते विकत घेतलेले विद्यार्थीच पाहू शकतात.',
    },
  ],
  VIDEO_LINK_UNSUPPORTED: [
    'BAD_REQUEST',
    {
      en: 'This link cannot be used. Please paste a YouTube, Vimeo or Google Drive video link.',
      mr: 'ही लिंक वापरता येत नाही. कृपया YouTube, Vimeo किंवा Google Drive व्हिडिओची लिंक टाका.',
    },
  ],
  LECTURE_ORDER_MISMATCH: [
    'CONFLICT',
    {
      en: 'The lectures of this package have changed. Please reload and try again.',
      mr: 'या पॅकेजची लेक्चर्स बदलली आहेत. कृपया पेज रीलोड करून पुन्हा प्रयत्न करा.',
    },
  ],
});
