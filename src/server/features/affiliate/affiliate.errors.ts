import { AppError, defineErrors } from '../../lib/errors.js';
import { formatRupees } from '../../../shared/money.js';

export const affiliateErrors = defineErrors({
  NOT_YOURS: ['FORBIDDEN', { en: 'You can only see your own dashboard.', mr: 'तुम्ही फक्त तुमचाच डॅशबोर्ड पाहू शकता.' }],
  USER_NOT_FOUND: ['NOT_FOUND', { en: 'No user has this email.', mr: 'या ईमेलचा कोणताही वापरकर्ता नाही.' }],
  NOTHING_OWED: ['CONFLICT', { en: 'Nothing is owed to this user.', mr: 'या वापरकर्त्याला काहीही देणे बाकी नाही.' }],
});

export function payoutTooLarge(name: string, owedPaise: number): AppError {
  return new AppError('PAYOUT_TOO_LARGE', 'CONFLICT', {
    en: `This is more than ${name} is owed (${formatRupees(owedPaise)}).`,
    mr: `ही रक्कम ${name} यांना देणे असलेल्या रकमेपेक्षा (${formatRupees(owedPaise)}) जास्त आहे.`,
  });
}
