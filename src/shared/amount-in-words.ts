/**
 * An amount in words, Indian style (thousand, lakh, crore), for receipts: "Rupees Four Thousand
 * Nine Hundred Ninety-Nine and Fifty Paise Only" and "चार हजार नऊशे नव्व्याण्णव रुपये आणि पन्नास पैसे फक्त".
 */

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function englishBelow100(n: number): string {
  if (n < 20) return ONES[n]!;
  const ones = n % 10;
  return ones ? `${TENS[Math.floor(n / 10)]}-${ONES[ones]}` : TENS[Math.floor(n / 10)]!;
}

function englishBelow1000(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? englishBelow100(rest) : ''].filter(Boolean).join(' ');
}

/** Marathi number words 0-99 (they are irregular, so a table). */
const MR_BELOW_100 = [
  'शून्य',
  'एक',
  'दोन',
  'तीन',
  'चार',
  'पाच',
  'सहा',
  'सात',
  'आठ',
  'नऊ',
  'दहा',
  'अकरा',
  'बारा',
  'तेरा',
  'चौदा',
  'पंधरा',
  'सोळा',
  'सतरा',
  'अठरा',
  'एकोणीस',
  'वीस',
  'एकवीस',
  'बावीस',
  'तेवीस',
  'चोवीस',
  'पंचवीस',
  'सव्वीस',
  'सत्तावीस',
  'अठ्ठावीस',
  'एकोणतीस',
  'तीस',
  'एकतीस',
  'बत्तीस',
  'तेहेतीस',
  'चौतीस',
  'पस्तीस',
  'छत्तीस',
  'सदतीस',
  'अडतीस',
  'एकोणचाळीस',
  'चाळीस',
  'एक्केचाळीस',
  'बेचाळीस',
  'त्रेचाळीस',
  'चव्वेचाळीस',
  'पंचेचाळीस',
  'सेहेचाळीस',
  'सत्तेचाळीस',
  'अठ्ठेचाळीस',
  'एकोणपन्नास',
  'पन्नास',
  'एक्कावन्न',
  'बावन्न',
  'त्रेपन्न',
  'चौपन्न',
  'पंचावन्न',
  'छप्पन्न',
  'सत्तावन्न',
  'अठ्ठावन्न',
  'एकोणसाठ',
  'साठ',
  'एकसष्ट',
  'बासष्ट',
  'त्रेसष्ट',
  'चौसष्ट',
  'पासष्ट',
  'सहासष्ट',
  'सदुसष्ट',
  'अडुसष्ट',
  'एकोणसत्तर',
  'सत्तर',
  'एक्काहत्तर',
  'बाहत्तर',
  'त्र्याहत्तर',
  'चौऱ्याहत्तर',
  'पंचाहत्तर',
  'शहात्तर',
  'सत्याहत्तर',
  'अठ्ठ्याहत्तर',
  'एकोणऐंशी',
  'ऐंशी',
  'एक्क्याऐंशी',
  'ब्याऐंशी',
  'त्र्याऐंशी',
  'चौऱ्याऐंशी',
  'पंच्याऐंशी',
  'शहाऐंशी',
  'सत्त्याऐंशी',
  'अठ्ठ्याऐंशी',
  'एकोणनव्वद',
  'नव्वद',
  'एक्क्याण्णव',
  'ब्याण्णव',
  'त्र्याण्णव',
  'चौऱ्याण्णव',
  'पंच्याण्णव',
  'शहाण्णव',
  'सत्त्याण्णव',
  'अठ्ठ्याण्णव',
  'नव्व्याण्णव',
];

function marathiBelow1000(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  // 100 alone is "शंभर"; with more after it, "एकशे …"; 200 is "दोनशे".
  const head = hundreds === 0 ? '' : hundreds === 1 && rest === 0 ? 'शंभर' : `${MR_BELOW_100[hundreds]}शे`;
  return [head, rest ? MR_BELOW_100[rest]! : ''].filter(Boolean).join(' ');
}

type Scale = { below1000: (n: number) => string; thousand: string; lakh: string; crore: string };

/** Whole number in Indian grouping: crore, lakh, thousand, then the last three digits. */
function indianWords(n: number, scale: Scale): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 1_00_00_000);
  const lakh = Math.floor((n % 1_00_00_000) / 1_00_000);
  const thousand = Math.floor((n % 1_00_000) / 1000);
  const rest = n % 1000;
  if (crore) parts.push(`${indianWords(crore, scale)} ${scale.crore}`);
  if (lakh) parts.push(`${scale.below1000(lakh)} ${scale.lakh}`);
  if (thousand) parts.push(`${scale.below1000(thousand)} ${scale.thousand}`);
  if (rest) parts.push(scale.below1000(rest));
  return parts.join(' ');
}

const english: Scale = { below1000: englishBelow1000, thousand: 'Thousand', lakh: 'Lakh', crore: 'Crore' };
const marathi: Scale = { below1000: marathiBelow1000, thousand: 'हजार', lakh: 'लाख', crore: 'कोटी' };

function split(paise: number): { rupees: number; paise: number } {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError('amount must be whole paise, not negative');
  return { rupees: Math.floor(paise / 100), paise: paise % 100 };
}

export function amountInWordsEnglish(amountPaise: number): string {
  const { rupees, paise } = split(amountPaise);
  const rupeeWords = rupees === 0 ? 'Zero' : indianWords(rupees, english);
  const paiseWords = paise ? ` and ${englishBelow100(paise)} Paise` : '';
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}

export function amountInWordsMarathi(amountPaise: number): string {
  const { rupees, paise } = split(amountPaise);
  const rupeeWords = rupees === 0 ? MR_BELOW_100[0] : indianWords(rupees, marathi);
  const paiseWords = paise ? ` आणि ${MR_BELOW_100[paise]} पैसे` : '';
  return `${rupeeWords} रुपये${paiseWords} फक्त`;
}
