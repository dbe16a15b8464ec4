import { defineErrors } from './errors.js';

/**
 * What the server answers before any procedure runs: a body it cannot read, a path it does not
 * know, a write from another site. The English texts are the ones existing clients have always read.
 */
export const requestErrors = defineErrors({
  NOT_FOUND: ['NOT_FOUND', { en: 'Not found.', mr: 'सापडले नाही.' }],
  BAD_INPUT: ['BAD_REQUEST', { en: 'The request could not be read. Please send valid JSON.', mr: 'विनंती वाचता आली नाही. कृपया योग्य JSON पाठवा.' }],
  TOO_LARGE: ['PAYLOAD_TOO_LARGE', { en: 'What you sent is too large.', mr: 'तुम्ही पाठवलेली माहिती खूप मोठी आहे.' }],
  UNSUPPORTED_MEDIA_TYPE: [
    'UNSUPPORTED_MEDIA_TYPE',
    { en: 'This kind of content is not accepted here. Send JSON.', mr: 'या प्रकारची माहिती येथे स्वीकारली जात नाही. JSON पाठवा.' },
  ],
  TOO_MANY_REQUESTS: [
    'TOO_MANY_REQUESTS',
    {
      en: 'Too many requests. Please wait a little and try again.',
      mr: 'खूप जास्त विनंत्या आल्या. कृपया थोडा वेळ थांबून पुन्हा प्रयत्न करा.',
    },
  ],
  CROSS_SITE: ['FORBIDDEN', { en: 'This request came from another site and was refused.', mr: 'ही विनंती दुसऱ्या साइटवरून आली, म्हणून नाकारली.' }],
});
