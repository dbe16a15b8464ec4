import { AppError, defineErrors } from '../../lib/errors.js';
import catalog from './auth.errors.json' with { type: 'json' };

export const authErrors = defineErrors(catalog);

export function wrongCode(triesLeft: number): AppError {
  return new AppError('CODE_WRONG', 'BAD_REQUEST', {
    en: `That code is not right. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
    mr: `हा कोड बरोबर नाही. तुमच्याकडे आणखी ${triesLeft} प्रयत्न शिल्लक आहेत.`,
  });
}

export function resendTooSoon(seconds: number): AppError {
  return new AppError(
    'RESEND_TOO_SOON',
    'TOO_MANY_REQUESTS',
    {
      en: `Please wait ${seconds} seconds before asking for another code.`,
      mr: `नवीन कोड मागवण्यापूर्वी कृपया ${seconds} सेकंद थांबा.`,
    },
    { retryAfterSeconds: seconds },
  );
}
