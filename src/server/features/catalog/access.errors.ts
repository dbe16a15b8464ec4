import { defineErrors } from '../../lib/errors.js';

export const accessErrors = defineErrors({
  ACCESS_REVOKED: [
    'FORBIDDEN',
    {
      en: 'Your access to this package has been taken back. Please contact us if you think this is a mistake.',
      mr: 'या पॅकेजचा तुमचा ॲक्सेस काढून घेतला आहे. ही चूक आहे असे वाटल्यास कृपया आमच्याशी संपर्क साधा.',
    },
  ],
  NOT_OWNED: ['NOT_FOUND', { en: 'This learner does not own this package.', mr: 'या विद्यार्थ्याकडे हे पॅकेज नाही.' }],
  ALREADY_REVOKED: [
    'CONFLICT',
    {
      en: 'Access to this package is already taken back for this learner.',
      mr: 'या विद्यार्थ्याचा या पॅकेजचा ॲक्सेस आधीच काढून घेतला आहे.',
    },
  ],
  NOT_REVOKED: ['CONFLICT', { en: 'This learner already has access to this package.', mr: 'या विद्यार्थ्याकडे या पॅकेजचा ॲक्सेस आधीच आहे.' }],
});
