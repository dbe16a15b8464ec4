import { AppError, defineErrors } from '../../lib/errors.js';
import { formatRupees } from '../../../shared/money.js';

export const payoutErrors = defineErrors({
  NO_PAYOUT_DETAILS: ['CONFLICT', { en: 'Please add your UPI id or bank account first.', mr: 'कृपया आधी तुमचा UPI आयडी किंवा बँक खाते जोडा.' }],
  REQUEST_ALREADY_OPEN: ['CONFLICT', { en: 'You already have a payout request waiting.', mr: 'तुमची एक पेआउट विनंती आधीच प्रलंबित आहे.' }],
  PAYOUT_ON_ITS_WAY: [
    'CONFLICT',
    { en: 'A payout to you is already being made. You can ask again once it is done.', mr: 'तुम्हाला एक पेआउट आधीच केले जात आहे. ते पूर्ण झाल्यावर पुन्हा विनंती करा.' },
  ],
  REQUEST_NOT_FOUND: ['NOT_FOUND', { en: 'This payout request does not exist.', mr: 'ही पेआउट विनंती अस्तित्वात नाही.' }],
  REQUEST_NOT_CANCELLABLE: [
    'CONFLICT',
    {
      en: 'This request is already with the bank or closed, so it cannot be cancelled.',
      mr: 'ही विनंती बँकेकडे पाठवली आहे किंवा बंद झाली आहे, त्यामुळे ती रद्द करता येत नाही.',
    },
  ],
  NOTHING_TO_BATCH: [
    'CONFLICT',
    { en: 'Nobody selected can be paid now, so no batch was made.', mr: 'निवडलेल्यांपैकी कोणालाही आता पैसे देता येत नाहीत, त्यामुळे बॅच बनवली नाही.' },
  ],
  BATCH_NOT_FOUND: ['NOT_FOUND', { en: 'This payout batch does not exist.', mr: 'ही पेआउट बॅच अस्तित्वात नाही.' }],
  LINE_NOT_FOUND: ['NOT_FOUND', { en: 'This payout does not exist.', mr: 'हे पेआउट अस्तित्वात नाही.' }],
  LINE_ALREADY_PAID: ['CONFLICT', { en: 'This payout is already marked paid.', mr: 'हे पेआउट आधीच दिले म्हणून नोंदले आहे.' }],
  LINE_ALREADY_FAILED: [
    'CONFLICT',
    { en: 'This payout is already marked failed; its amount is owed again.', mr: 'हे पेआउट आधीच अयशस्वी म्हणून नोंदले आहे; त्याची रक्कम पुन्हा देणे बाकी आहे.' },
  ],
});

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
