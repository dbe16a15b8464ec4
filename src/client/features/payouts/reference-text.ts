/**
 * A statement's or payout's reference as the reader sees it: `ORDER-12` is "Order #12" ("ऑर्डर
 * #12"), `PAYOUT-3` "Payout #3", never the code a spreadsheet keeps (the CSV keeps `ORDER-12`).
 */
export type ReferenceWords = { order: string; payout: string; line: string; tds: string };

export function referenceText(reference: string, words: ReferenceWords): string {
  const found = /^(ORDER|PAYOUT-L|PAYOUT|LINE|TDS)-(\d+)$/.exec(reference);
  if (!found) return reference;
  const [, kind, id] = found;
  const word = kind === 'ORDER' ? words.order : kind === 'TDS' ? words.tds : kind === 'LINE' || kind === 'PAYOUT-L' ? words.line : words.payout;
  return `${word} #${id}`;
}
