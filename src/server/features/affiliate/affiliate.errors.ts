import { AppError, defineErrors } from '../../lib/errors.js';
import catalog from './affiliate.errors.json' with { type: 'json' };
import { formatRupees } from '../../../shared/money.js';

export const affiliateErrors = defineErrors(catalog);

export function payoutTooLarge(name: string, owedPaise: number): AppError {
  return new AppError('PAYOUT_TOO_LARGE', 'CONFLICT', {
    en: `This is more than ${name} is owed (${formatRupees(owedPaise)}).`,
    mr: `ही रक्कम ${name} यांना देणे असलेल्या रकमेपेक्षा (${formatRupees(owedPaise)}) जास्त आहे.`,
  });
}
