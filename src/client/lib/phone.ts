/** Keeps the 10 digits of an Indian mobile number typed with +91, a leading 0, spaces or dashes. */
export function phoneDigits(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '').replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, '');
  return /^\d{10}$/.test(digits) ? digits : null;
}
