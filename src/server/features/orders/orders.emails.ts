import { defineEmail } from '../../lib/mailer.js';

type Site = { siteName: string };

/** Where an order paid in parts stands with a new part: what arrived before it, and with it, of the price (each already in rupees). */
type PartOfOrder = { earlier: string; paidSoFar: string; price: string };

const partLine = {
  en: (amount: string, part: PartOfOrder) =>
    `This part: ${amount}. Arrived before: ${part.earlier}. Paid so far with this part: ${part.paidSoFar} of the price ${part.price}.`,
  mr: (amount: string, part: PartOfOrder) =>
    `हा भाग: ${amount}. आधी मिळालेले: ${part.earlier}. या भागासह आतापर्यंत भरलेले: ${part.price} किमतीपैकी ${part.paidSoFar}.`,
};

/**
 * To admins when a buyer gives a UTR: check it and decide. For a later part of an order paid in
 * parts (`part`), the part's amount and the order's total with it, so the admin sees whether the
 * order is now paid in full.
 */
export const newOrderEmail = defineEmail<
  Site & { buyer: string; email: string; pkg: string; amount: string; utr: string; link: string; decided: boolean; part?: PartOfOrder | null }
>({
  kind: 'new-order',
  quoted: ['buyer', 'email'],
  subject: {
    en: ({ pkg, amount, decided, part }) =>
      `${decided ? 'Already paid through the gateway, UTR given too' : 'New payment to verify'}: ${pkg}, ${amount}${part ? ` (with it, ${part.paidSoFar} of ${part.price} paid)` : ''}`,
    mr: ({ pkg, amount, decided, part }) =>
      `${decided ? 'गेटवेद्वारे आधीच भरले, UTR ही दिला' : 'पडताळणीसाठी नवीन पेमेंट'}: ${pkg}, ${amount}${part ? ` (त्यासह ${part.price} पैकी ${part.paidSoFar} भरले)` : ''}`,
  },
  body: {
    en: ({ buyer, email, pkg, amount, utr, link, decided, part }) =>
      `${buyer} (${email}) says they paid ${amount} for ${pkg}.\n\nUTR: ${utr}\n\n${part ? `${partLine.en(amount, part)}\n\n` : ''}` +
      (decided
        ? `This order is already decided: it was paid through the payment gateway. If this UTR is in the bank app too, the buyer paid twice: refund one payment (see the double payment on the pending orders page):\n${link}`
        : `Check the bank app for this UTR and amount, then approve or reject the order:\n${link}`),
    mr: ({ buyer, email, pkg, amount, utr, link, decided, part }) =>
      `${buyer} (${email}) यांनी ${pkg} साठी ${amount} भरल्याचे सांगितले आहे.\n\nUTR: ${utr}\n\n${part ? `${partLine.mr(amount, part)}\n\n` : ''}` +
      (decided
        ? `या ऑर्डरचा निर्णय आधीच झाला आहे: तिचे पेमेंट पेमेंट गेटवेद्वारे झाले. हा UTR बँक ॲपमध्येही असल्यास खरेदीदाराने दोनदा पैसे भरले आहेत: एक पेमेंट परत करा (प्रलंबित ऑर्डरच्या पानावरील दुहेरी पेमेंट पहा):\n${link}`
        : `बँक ॲपमध्ये हा UTR आणि रक्कम तपासा, मग ऑर्डर मंजूर किंवा नामंजूर करा:\n${link}`),
  },
});

/** To admins when the gateway paid an order whose buyer had also typed a UTR for it: two payments, one to refund. */
export const paidTwiceEmail = defineEmail<Site & { buyer: string; pkg: string; amount: string; utr: string; link: string }>({
  kind: 'paid-twice',
  quoted: ['buyer'],
  subject: {
    en: ({ pkg, amount }) => `Paid twice: ${pkg}, ${amount}, through the gateway and by UTR`,
    mr: ({ pkg, amount }) => `दोनदा पेमेंट: ${pkg}, ${amount}, गेटवेद्वारे आणि UTR ने`,
  },
  body: {
    en: ({ buyer, pkg, amount, utr, link }) =>
      `${buyer} gave UTR ${utr} for ${pkg} (${amount}), and the payment gateway has now paid the same order too. The order is approved through the gateway: do not approve the UTR.\n\nIf the UTR's payment is in the bank app, the buyer paid twice: refund one payment. The double payment is on the pending orders page:\n${link}`,
    mr: ({ buyer, pkg, amount, utr, link }) =>
      `${buyer} यांनी ${pkg} (${amount}) साठी UTR ${utr} दिला, आणि आता पेमेंट गेटवेद्वारेही त्याच ऑर्डरचे पेमेंट झाले आहे. ऑर्डर गेटवेद्वारे मंजूर झाली आहे: UTR मंजूर करू नका.\n\nUTR चे पेमेंट बँक ॲपमध्ये असल्यास खरेदीदाराने दोनदा पैसे भरले आहेत: एक पेमेंट परत करा. दुहेरी पेमेंट प्रलंबित ऑर्डरच्या पानावर आहे:\n${link}`,
  },
});

/**
 * The UPI parts of an order the gateway paid in full, each on its own line (`UTR 812345678901: ₹899`),
 * for the refund-due and sent-back emails.
 */
type PartsToSendBack = { orderId: string; pkg: string; amount: string; utrs: string[] };

/**
 * To admins when the gateway paid in full an order awaiting its difference: the UPI parts that had
 * arrived are now more than the price, to send back from the bank (not through the gateway) and
 * then mark as sent back on the alert.
 */
export const partsRefundDueAdminEmail = defineEmail<Site & PartsToSendBack & { buyer: string; email: string; price: string; paymentId: string; link: string }>({
  kind: 'parts-refund-due-admin',
  quoted: ['buyer', 'email'],
  subject: {
    en: ({ pkg, amount, orderId }) => `Send back ${amount} paid by UPI: ${pkg}, order #${orderId}, paid in full through the gateway`,
    mr: ({ pkg, amount, orderId }) => `UPI ने आलेले ${amount} परत पाठवा: ${pkg}, ऑर्डर #${orderId}, गेटवेद्वारे पूर्ण भरली`,
  },
  body: {
    en: ({ buyer, email, pkg, orderId, price, paymentId, amount, utrs, link }) =>
      `${buyer} (${email}) had paid part of the price of ${pkg} (order #${orderId}, ${price}) by UPI, and the payment gateway has now paid the full price of the same order (payment ${paymentId}). The order is approved through the gateway.\n\n` +
      `The UPI payments are now more than the price: send back ${amount} in all from the bank, each to the account it came from:\n${utrs.join('\n')}\n\n` +
      `Do not refund the gateway's payment: it is the one that paid the order. Once sent, press "Sent back from the bank" on the alert on the pending orders page; the learner is told:\n${link}`,
    mr: ({ buyer, email, pkg, orderId, price, paymentId, amount, utrs, link }) =>
      `${buyer} (${email}) यांनी ${pkg} (ऑर्डर #${orderId}, ${price}) च्या किमतीचा काही भाग UPI ने भरला होता, आणि आता पेमेंट गेटवेद्वारे त्याच ऑर्डरची पूर्ण किंमत भरली गेली आहे (पेमेंट ${paymentId}). ऑर्डर गेटवेद्वारे मंजूर झाली आहे.\n\n` +
      `UPI ने आलेले पैसे आता किमतीपेक्षा जास्त आहेत: एकूण ${amount} बँकेतून परत पाठवा, प्रत्येक पेमेंट ज्या खात्यातून आले त्याच खात्यात:\n${utrs.join('\n')}\n\n` +
      `गेटवेचे पेमेंट परत करू नका: त्यानेच ऑर्डरचे पैसे भरले आहेत. पाठवल्यावर प्रलंबित ऑर्डरच्या पानावरील सूचनेवर "बँकेतून परत पाठवले" दाबा; विद्यार्थ्याला कळवले जाईल:\n${link}`,
  },
});

/** To the buyer when the gateway paid in full an order awaiting its difference: approved, and the UPI part(s) go back to them. */
export const partsRefundDueEmail = defineEmail<Site & PartsToSendBack & { name: string; link: string }>({
  kind: 'parts-refund-due',
  quoted: ['name'],
  subject: {
    en: ({ pkg, amount }) => `${pkg} is in your account; the ${amount} you paid by UPI will be sent back`,
    mr: ({ pkg, amount }) => `${pkg} तुमच्या खात्यात आहे; UPI ने भरलेले ${amount} परत पाठवले जातील`,
  },
  body: {
    en: ({ name, pkg, orderId, amount, utrs, link }) =>
      `Hello ${name},\n\nYour order for ${pkg} (order #${orderId}) was paid in full through the payment gateway, so it is approved and ${pkg} is in your account.\n\n` +
      `The ${amount} you had paid for it by UPI is therefore not needed. We will send it back to the account you paid it from:\n${utrs.join('\n')}\n\n` +
      `You do not need to do anything; we will tell you when it has been sent. Your orders: ${link}`,
    mr: ({ name, pkg, orderId, amount, utrs, link }) =>
      `नमस्कार ${name},\n\n${pkg} साठीच्या तुमच्या ऑर्डरची (ऑर्डर #${orderId}) पूर्ण किंमत पेमेंट गेटवेद्वारे भरली गेली, त्यामुळे ती मंजूर झाली आहे आणि ${pkg} तुमच्या खात्यात आहे.\n\n` +
      `त्यासाठी तुम्ही UPI ने भरलेल्या ${amount} ची त्यामुळे गरज नाही. ते आम्ही, ज्या खात्यातून भरले त्याच खात्यात परत पाठवू:\n${utrs.join('\n')}\n\n` +
      `तुम्हाला काहीही करायची गरज नाही; पैसे पाठवल्यावर आम्ही कळवू. तुमच्या ऑर्डर: ${link}`,
  },
});

/** To the buyer when an admin marked those UPI part(s) sent back from the bank. */
export const partsRefundedEmail = defineEmail<Site & PartsToSendBack & { name: string; link: string }>({
  kind: 'parts-refunded',
  quoted: ['name'],
  subject: {
    en: ({ pkg, amount }) => `${amount} sent back to your account: ${pkg}`,
    mr: ({ pkg, amount }) => `${amount} तुमच्या खात्यात परत पाठवले: ${pkg}`,
  },
  body: {
    en: ({ name, pkg, orderId, amount, utrs, link }) =>
      `Hello ${name},\n\nWe have sent back the ${amount} you paid by UPI for ${pkg} (order #${orderId}) to the account you paid it from:\n${utrs.join('\n')}\n\n` +
      `Your order stays approved: it was paid through the payment gateway. Your orders: ${link}`,
    mr: ({ name, pkg, orderId, amount, utrs, link }) =>
      `नमस्कार ${name},\n\n${pkg} साठी (ऑर्डर #${orderId}) तुम्ही UPI ने भरलेले ${amount} आम्ही ज्या खात्यातून भरले त्याच खात्यात परत पाठवले आहेत:\n${utrs.join('\n')}\n\n` +
      `तुमची ऑर्डर मंजूरच राहील: तिचे पैसे पेमेंट गेटवेद्वारे भरले आहेत. तुमच्या ऑर्डर: ${link}`,
  },
});

export const orderApprovedEmail = defineEmail<Site & { name: string; pkg: string; link: string; receipt: string[] | null; receiptLink: string | null }>({
  kind: 'order-approved',
  quoted: ['name'],
  subject: {
    en: ({ pkg }) => `Payment verified: ${pkg} is in your account`,
    mr: ({ pkg }) => `पेमेंट पडताळले: ${pkg} तुमच्या खात्यात आहे`,
  },
  body: {
    en: ({ name, pkg, link, receipt, receiptLink }) =>
      `Hello ${name},\n\nWe have verified your payment. ${pkg} is now in your account.\n\nStart learning: ${link}` +
      (receipt ? `\n\nYour receipt:\n\n${receipt.join('\n')}\n\nTo download it as PDF or print it: ${receiptLink}` : ''),
    mr: ({ name, pkg, link, receipt, receiptLink }) =>
      `नमस्कार ${name},\n\nतुमचे पेमेंट पडताळले आहे. ${pkg} आता तुमच्या खात्यात आहे.\n\nशिकायला सुरुवात करा: ${link}` +
      (receipt ? `\n\nतुमची पावती:\n\n${receipt.join('\n')}\n\nPDF डाउनलोड करण्यासाठी किंवा छापण्यासाठी: ${receiptLink}` : ''),
  },
});

export const orderRejectedEmail = defineEmail<Site & { name: string; pkg: string; utr: string; reason: string | null; link: string }>({
  kind: 'order-rejected',
  quoted: ['name', 'reason'],
  subject: {
    en: ({ pkg }) => `We could not verify your payment for ${pkg}`,
    mr: ({ pkg }) => `${pkg} साठीचे तुमचे पेमेंट पडताळता आले नाही`,
  },
  body: {
    en: ({ name, pkg, utr, reason, link }) =>
      `Hello ${name},\n\nWe could not match the payment with UTR ${utr} for ${pkg} in our bank account, so the order was not approved.${reason ? `\n\nReason: ${reason}` : ''}\n\nPlease check the UTR in your UPI app and order again, or contact us: ${link}`,
    mr: ({ name, pkg, utr, reason, link }) =>
      `नमस्कार ${name},\n\n${pkg} साठीचे UTR ${utr} असलेले पेमेंट आमच्या बँक खात्यात जुळले नाही, त्यामुळे ऑर्डर मंजूर झाली नाही.${reason ? `\n\nकारण: ${reason}` : ''}\n\nकृपया तुमच्या UPI ॲपमध्ये UTR तपासून पुन्हा ऑर्डर करा, किंवा आमच्याशी संपर्क साधा: ${link}`,
  },
});

/** To the buyer when part of the price arrived: what arrived, what remains, and where to pay it under the same order. */
export const differenceAskedEmail = defineEmail<
  Site & { name: string; pkg: string; utr: string; received: string; remainder: string; reason: string | null; link: string }
>({
  kind: 'difference-asked',
  quoted: ['name', 'reason'],
  subject: {
    en: ({ pkg, remainder }) => `Please pay the remaining ${remainder} for ${pkg}`,
    mr: ({ pkg, remainder }) => `${pkg} साठी उरलेले ${remainder} भरा`,
  },
  body: {
    en: ({ name, pkg, utr, received, remainder, reason, link }) =>
      `Hello ${name},\n\nWe found ${received} of your payment with UTR ${utr} for ${pkg}. ${remainder} remains to pay.${reason ? `\n\nNote: ${reason}` : ''}\n\nPay the remaining ${remainder} under the same order (no need to pay the full price again) and send its UTR from your orders: ${link}`,
    mr: ({ name, pkg, utr, received, remainder, reason, link }) =>
      `नमस्कार ${name},\n\n${pkg} साठीच्या UTR ${utr} असलेल्या तुमच्या पेमेंटपैकी ${received} आम्हाला मिळाले. ${remainder} भरायचे बाकी आहेत.${reason ? `\n\nटीप: ${reason}` : ''}\n\nउरलेले ${remainder} त्याच ऑर्डरसाठी भरा (पूर्ण किंमत पुन्हा भरायची गरज नाही) आणि त्याचा UTR तुमच्या ऑर्डरच्या पानावर पाठवा: ${link}`,
  },
});

/** To the sponsor when a commission is booked: who bought what (first name only), and what they earned. */
export const commissionEarnedEmail = defineEmail<Site & { name: string; buyer: string; pkg: string; amount: string; tds: string; link: string }>({
  kind: 'commission-earned',
  quoted: ['name', 'buyer'],
  subject: {
    en: ({ amount, pkg }) => `You earned ${amount}: a purchase of ${pkg} through your link`,
    mr: ({ amount, pkg }) => `तुम्ही ${amount} कमावले: तुमच्या लिंकमधून ${pkg} ची खरेदी`,
  },
  body: {
    en: ({ name, buyer, pkg, amount, tds, link }) =>
      `Hello ${name},\n\n${buyer} bought ${pkg} through your referral link, and the payment has been verified.\n\nYour commission: ${amount}.\n${tds}\n\nSee your earnings on your dashboard: ${link}`,
    mr: ({ name, buyer, pkg, amount, tds, link }) =>
      `नमस्कार ${name},\n\n${buyer} यांनी तुमच्या रेफरल लिंकमधून ${pkg} घेतले आणि त्यांचे पेमेंट पडताळले आहे.\n\nतुमचे कमिशन: ${amount}.\n${tds}\n\nतुमची कमाई डॅशबोर्डवर पहा: ${link}`,
  },
});

/** To the buyer when they gave a UTR: the payment is noted and an admin is checking it. */
export const paymentReceivedEmail = defineEmail<Site & { name: string; pkg: string; amount: string; utr: string; hours: number; link: string }>({
  kind: 'payment-received',
  quoted: ['name'],
  subject: {
    en: ({ pkg }) => `UTR received, payment being checked: ${pkg}`,
    mr: ({ pkg }) => `UTR मिळाला, पेमेंटची तपासणी सुरू: ${pkg}`,
  },
  body: {
    en: ({ name, pkg, amount, utr, hours, link }) =>
      `Hello ${name},\n\nWe have your UTR ${utr} for ${amount} for ${pkg}. We are checking the payment with the bank; this usually takes up to ${hours} hours. You will get a message as soon as your package is open.\n\nYour orders:\n${link}`,
    mr: ({ name, pkg, amount, utr, hours, link }) =>
      `नमस्कार ${name},\n\n${pkg} साठी ${amount} चा तुमचा UTR ${utr} आम्हाला मिळाला आहे. आम्ही पेमेंटची बँकेकडे तपासणी करत आहोत; यासाठी साधारण ${hours} तासांपर्यंत वेळ लागतो. तुमचे पॅकेज सुरू होताच तुम्हाला संदेश येईल.\n\nतुमच्या ऑर्डर:\n${link}`,
  },
});
