import { defineErrors } from '../../lib/errors.js';

export const authErrors = defineErrors({
  INVALID_CREDENTIALS: [
    'UNAUTHORIZED',
    { en: 'Incorrect email or password.', mr: 'ईमेल किंवा पासवर्ड चुकीचा आहे.' },
  ],
});
