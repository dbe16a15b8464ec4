import { defineErrors } from '../../lib/errors.js';

export const dripErrors = defineErrors({
  LECTURE_LOCKED: [
    'FORBIDDEN',
    {
      en: 'This lecture is not open yet. It opens on the date shown beside it.',
      mr: 'हे लेक्चर अजून उघडलेले नाही. त्याच्या शेजारी दाखवलेल्या तारखेला ते उघडेल.',
    },
  ],
  DRIP_DAYS_INVALID: [
    'BAD_REQUEST',
    {
      en: 'Give each lecture a whole number of days after purchase, from 0 to 1100, and name only lectures of this package.',
      mr: 'प्रत्येक लेक्चरसाठी खरेदीनंतरचे दिवस 0 ते 1100 मधील पूर्ण संख्येत द्या, आणि फक्त या पॅकेजचीच लेक्चर्स निवडा.',
    },
  ],
});
