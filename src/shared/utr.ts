/**
 * What people paste into the UTR field: "UTR: 5123 4567 8901", "UPI Ref No. 512345678901",
 * "5123-4567-8901". Spaces and dashes between digits are dropped; the one run of exactly 12
 * digits is the UTR. Text that is nothing but digits (typing) is kept as its digits, so the field
 * can be filled a digit at a time. Otherwise the text is answered as it came, for the check to refuse.
 */
export function cleanUtr(raw: string): string {
  const joined = raw.replace(/(?<=\d)[\s\u00a0-]+(?=\d)/g, '');
  const runs = joined.match(/\d+/g) ?? [];
  const twelve = runs.filter((run) => run.length === 12);
  if (twelve.length === 1) return twelve[0]!;
  const trimmed = joined.trim();
  if (/^\d*$/.test(trimmed)) return trimmed;
  return raw.trim();
}

/** A 12-digit number that cannot be a UTR: every digit the same (000000000000, 111111111111…). */
export function isImplausibleUtr(utr: string): boolean {
  return /^(\d)\1{11}$/.test(utr);
}
