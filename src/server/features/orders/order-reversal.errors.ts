import { defineErrors } from '../../lib/errors.js';

/** Reversing an approved order (admins, by its UTR). */
export const reversalErrors = defineErrors({
  ORDER_NOT_FOUND: ['NOT_FOUND', { en: 'No approved order has this UTR.', mr: 'या UTR ची कोणतीही मंजूर ऑर्डर नाही.' }],
  ORDER_NOT_APPROVED: ['CONFLICT', { en: 'Only an approved order can be reversed.', mr: 'फक्त मंजूर ऑर्डर रद्द (उलट) करता येते.' }],
  ORDER_ALREADY_REVERSED: ['CONFLICT', { en: 'This order is already reversed.', mr: 'ही ऑर्डर आधीच उलट केली आहे.' }],
});
