import { defineErrors } from '../../lib/errors.js';

/** Discount codes at checkout, and their management. A refusal names why, never which other codes exist. */
export const discountErrors = defineErrors({
  CODE_UNKNOWN: ['NOT_FOUND', { en: 'There is no such code. Check the letters and digits.', mr: 'असा कोड नाही. अक्षरे आणि अंक तपासा.' }],
  CODE_PAUSED: ['CONFLICT', { en: 'This code is not active at the moment.', mr: 'हा कोड सध्या चालू नाही.' }],
  CODE_NOT_STARTED: ['CONFLICT', { en: 'This code cannot be used yet.', mr: 'हा कोड अजून वापरता येत नाही.' }],
  CODE_EXPIRED: ['CONFLICT', { en: 'This code has expired.', mr: 'या कोडची मुदत संपली आहे.' }],
  CODE_USED_UP: ['CONFLICT', { en: 'This code has been used as many times as it can be.', mr: 'हा कोड जितक्या वेळा वापरता येतो तितक्या वेळा वापरला गेला आहे.' }],
  CODE_ALREADY_USED: ['CONFLICT', { en: 'You have already used this code.', mr: 'तुम्ही हा कोड आधीच वापरला आहे.' }],
  CODE_NOT_FOR_PACKAGE: ['CONFLICT', { en: 'This code is not for this package.', mr: 'हा कोड या पॅकेजसाठी नाही.' }],
  CODE_OWN: ['BAD_REQUEST', { en: 'You cannot use your own code.', mr: 'तुम्ही स्वतःचा कोड वापरू शकत नाही.' }],
  CODE_TAKEN: ['CONFLICT', { en: 'This code is already taken. Choose another.', mr: 'हा कोड आधीच घेतला आहे. दुसरा निवडा.' }],
  CODE_ALREADY_CHOSEN: ['CONFLICT', { en: 'You have already chosen your code.', mr: 'तुम्ही तुमचा कोड आधीच निवडला आहे.' }],
  CODE_IN_USE: [
    'CONFLICT',
    { en: 'This code has been used, so it cannot be deleted. Pause it instead.', mr: 'हा कोड वापरला गेला आहे, म्हणून तो हटवता येत नाही. त्याऐवजी तो थांबवा.' },
  ],
  CODE_NOT_FOUND: ['NOT_FOUND', { en: 'This code does not exist.', mr: 'हा कोड अस्तित्वात नाही.' }],
  DISCOUNT_INVALID: [
    'BAD_REQUEST',
    { en: 'Give the discount as a percentage (1 to 100) or as an amount of rupees, not both.', mr: 'सवलत टक्क्यांमध्ये (1 ते 100) किंवा रुपयांमध्ये द्या, दोन्ही नाही.' },
  ],
  DATES_INVALID: ['BAD_REQUEST', { en: 'The code must start before it ends.', mr: 'कोड संपण्याआधी सुरू व्हायला हवा.' }],
  PACKAGES_REQUIRED: ['BAD_REQUEST', { en: 'Choose at least one package, or all packages.', mr: 'किमान एक पॅकेज निवडा, किंवा सर्व पॅकेजेस.' }],
  CODE_MAKES_FREE: ['CONFLICT', { en: 'With this code the package is free: no payment is needed.', mr: 'या कोडमुळे पॅकेज मोफत आहे: पैसे भरण्याची गरज नाही.' }],
  CODE_NOT_FREE: ['CONFLICT', { en: 'With this code the package is not free.', mr: 'या कोडने पॅकेज मोफत होत नाही.' }],
  NOT_AN_AFFILIATE_CODE: ['NOT_FOUND', { en: 'This affiliate has not chosen a code yet.', mr: 'या ॲफिलिएटने अजून कोड निवडलेला नाही.' }],
});
