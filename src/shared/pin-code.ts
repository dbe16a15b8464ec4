/** A 6-digit Indian PIN code: the first digit is never 0. */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;

/** A typed PIN code without its spaces ("411 001" is 411001). */
export const cleanPinCode = (raw: string) => raw.replace(/\s/g, '');

/** Whether a typed PIN code is one, spaces aside. */
export const isPinCode = (raw: string) => PIN_CODE_PATTERN.test(cleanPinCode(raw));
