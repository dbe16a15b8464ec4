import { defineErrors } from '../../lib/errors.js';

export const progressErrors = defineErrors({
  LECTURE_NOT_STARTED: [
    'CONFLICT',
    {
      en: 'Play this lecture first: a lecture counts as done only after it was played.',
      mr: 'आधी हे लेक्चर प्ले करा: प्ले केल्यानंतरच लेक्चर पूर्ण झाल्याचे धरले जाते.',
    },
  ],
  LECTURE_MEASURED: [
    'CONFLICT',
    {
      en: 'This lecture is ticked by itself once you have watched most of it.',
      mr: 'हे लेक्चर बहुतेक पाहून झाल्यावर आपोआप पूर्ण झाल्याची खूण होते.',
    },
  ],
});
