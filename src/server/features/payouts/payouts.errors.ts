import { AppError, defineErrors } from '../../lib/errors.js';
import catalog from './payouts.errors.json' with { type: 'json' };
import { formatRupees } from '../../../shared/money.js';
import { formatIstDateTime } from '../../../shared/ist.js';

export const payoutErrors = defineErrors(catalog);

export function belowMinimum(minimumPaise: number, requestablePaise: number): AppError {
  return new AppError('BELOW_PAYOUT_MINIMUM', 'CONFLICT', {
    en: `You can ask for a payout once you are owed at least ${formatRupees(minimumPaise)}. Now: ${formatRupees(requestablePaise)}.`,
    mr: `तुम्हाला किमान ${formatRupees(minimumPaise)} मिळणे बाकी झाल्यावर पेआउटची विनंती करता येईल. सध्या: ${formatRupees(requestablePaise)}.`,
  });
}

export function moreThanOwed(name: string, grossPaise: number, owedPaise: number): AppError {
  return new AppError('PAYOUT_EXCEEDS_OWED', 'CONFLICT', {
    en: `${formatRupees(grossPaise)} is more than ${name} is owed now (${formatRupees(owedPaise)}), for example after a reversed order. Mark this payout failed and make a new batch.`,
    mr: `${formatRupees(grossPaise)} ही रक्कम ${name} यांना सध्या देणे असलेल्या रकमेपेक्षा (${formatRupees(owedPaise)}) जास्त आहे, उदा. ऑर्डर उलट केल्यामुळे. हे पेआउट अयशस्वी म्हणून नोंदवा आणि नवीन बॅच बनवा.`,
  });
}

/** Payout details changed a short while ago: payouts to them wait until the hold ends. */
export function detailsHeld(until: number): AppError {
  return new AppError('PAYOUT_DETAILS_HELD', 'CONFLICT', {
    en: `Your payout details were changed recently. For your safety you can ask for a payout from ${formatIstDateTime(until, 'en')} IST.`,
    mr: `तुमची पेआउट माहिती नुकतीच बदलली आहे. तुमच्या सुरक्षेसाठी ${formatIstDateTime(until, 'mr')}पासून पेआउटची विनंती करता येईल.`,
  });
}
