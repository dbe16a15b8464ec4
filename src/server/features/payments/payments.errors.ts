import { defineErrors } from '../../lib/errors.js';

/** Paying through the payment gateway, and what admins do with its payments. */
export const paymentErrors = defineErrors({
  GATEWAY_OFF: [
    'PRECONDITION_FAILED',
    {
      en: 'Paying through the payment gateway is not set up. Please pay by scanning the QR code.',
      mr: 'पेमेंट गेटवेद्वारे पैसे भरण्याची सोय सुरू नाही. कृपया QR कोड स्कॅन करून पैसे भरा.',
    },
  ],
  GATEWAY_UNAVAILABLE: [
    'BAD_GATEWAY',
    {
      en: 'The payment service is not answering. Please try again in a minute, or pay by scanning the QR code.',
      mr: 'पेमेंट सेवा सध्या प्रतिसाद देत नाही. कृपया एका मिनिटाने पुन्हा प्रयत्न करा, किंवा QR कोड स्कॅन करून पैसे भरा.',
    },
  ],
  PAYMENT_NOT_VERIFIED: [
    'BAD_REQUEST',
    {
      en: 'We could not confirm this payment. If money left your account, it is confirmed within a few minutes, or returned by the bank.',
      mr: 'हे पेमेंट आम्हाला निश्चित करता आले नाही. तुमच्या खात्यातून पैसे गेले असल्यास काही मिनिटांत ते निश्चित होईल, किंवा बँक ते परत करेल.',
    },
  ],
  NOT_A_GATEWAY_ORDER: ['CONFLICT', { en: 'This order was not paid through the payment gateway.', mr: 'या ऑर्डरचे पेमेंट पेमेंट गेटवेद्वारे झालेले नाही.' }],
  ALERT_NOT_FOUND: ['NOT_FOUND', { en: 'This payment alert does not exist.', mr: 'ही पेमेंट सूचना अस्तित्वात नाही.' }],
  ALERT_RESOLVED: ['CONFLICT', { en: 'This payment alert is already resolved.', mr: 'ही पेमेंट सूचना आधीच निकाली निघाली आहे.' }],
  REFUND_FAILED: [
    'BAD_GATEWAY',
    {
      en: 'The order is reversed, but the payment service did not make the refund. Refund it on the gateway’s dashboard.',
      mr: 'ऑर्डर उलट केली आहे, पण पेमेंट सेवेने परतावा केला नाही. गेटवेच्या डॅशबोर्डवरून परतावा करा.',
    },
  ],
});
