import { defineErrors } from '../../lib/errors.js';

export const certificateErrors = defineErrors({
  CERTIFICATE_NOT_FOUND: ['NOT_FOUND', { en: 'There is no certificate with this number.', mr: 'या क्रमांकाचे प्रमाणपत्र नाही.' }],
  CERTIFICATES_OFF: [
    'FORBIDDEN',
    {
      en: 'This package does not give certificates.',
      mr: 'या पॅकेजसाठी प्रमाणपत्र दिले जात नाही.',
    },
  ],
  NOT_FINISHED: [
    'CONFLICT',
    {
      en: 'Finish every lecture and pass every quiz of this package first.',
      mr: 'आधी या पॅकेजची सर्व लेक्चर्स पूर्ण करा आणि सर्व क्विझ उत्तीर्ण व्हा.',
    },
  ],
  NAME_NEEDED: [
    'BAD_REQUEST',
    {
      en: 'Write your name as it should appear on your certificates.',
      mr: 'तुमच्या प्रमाणपत्रांवर जसे नाव हवे तसे लिहा.',
    },
  ],
  NAME_FIXED: [
    'CONFLICT',
    {
      en: 'The name on your certificates was chosen before and cannot be changed. Please contact us if it is wrong.',
      mr: 'प्रमाणपत्रांवरील नाव आधीच निवडले आहे आणि ते बदलता येत नाही. ते चुकीचे असल्यास कृपया आमच्याशी संपर्क साधा.',
    },
  ],
  CERTIFICATE_REVOKED: [
    'CONFLICT',
    {
      en: 'This certificate was revoked.',
      mr: 'हे प्रमाणपत्र रद्द करण्यात आले आहे.',
    },
  ],
  ALREADY_REVOKED: ['CONFLICT', { en: 'This certificate is already revoked.', mr: 'हे प्रमाणपत्र आधीच रद्द केले आहे.' }],
});
