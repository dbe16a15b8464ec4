import { defineErrors } from '../../lib/errors.js';

/** A person's rights over their data: consent, a copy, erasure. */
export const privacyErrors = defineErrors({
  NOTICE_CHANGED: [
    'CONFLICT',
    { en: 'The privacy notice has changed since you opened it. Please read the new one.', mr: 'तुम्ही उघडल्यानंतर गोपनीयता सूचना बदलली आहे. कृपया नवी सूचना वाचा.' },
  ],
  CONSENT_REQUIRED: [
    'BAD_REQUEST',
    { en: 'Please read the privacy notice and agree to it to create an account.', mr: 'खाते उघडण्यासाठी कृपया गोपनीयता सूचना वाचा आणि तिला संमती द्या.' },
  ],
  WRONG_PASSWORD: ['FORBIDDEN', { en: 'The password is not right.', mr: 'पासवर्ड बरोबर नाही.' }],
  ACCOUNT_GONE: ['UNAUTHORIZED', { en: 'This account no longer exists.', mr: 'हे खाते आता अस्तित्वात नाही.' }],
  ADMIN_CANNOT_ERASE: [
    'FORBIDDEN',
    {
      en: 'An admin account cannot be erased. Ask the superadmin to make it a learner account first.',
      mr: 'ॲडमिन खाते मिटवता येत नाही. आधी सुपरॲडमिनला ते शिकणाऱ्याचे खाते करायला सांगा.',
    },
  ],
  PAYOUT_IN_FLIGHT: [
    'CONFLICT',
    {
      en: 'A payout to you is on its way. Your account can be erased once it is paid (or cancel the request first).',
      mr: 'तुमचे पेआउट येत आहे. ते मिळाल्यानंतर तुमचे खाते मिटवता येईल (किंवा आधी विनंती रद्द करा).',
    },
  ],
  LINK_INVALID: [
    'BAD_REQUEST',
    {
      en: 'This link has expired or was already used. Ask again from your account page.',
      mr: 'ही लिंक कालबाह्य झाली आहे किंवा आधीच वापरली आहे. खाते पानावरून पुन्हा विनंती करा.',
    },
  ],
});
