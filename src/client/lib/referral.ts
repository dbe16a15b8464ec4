import { clearStored, readStored, writeStored } from './storage';

/**
 * The referral code of a `?ref=CODE` visit, remembered on this browser until register or
 * purchase uses it (PRODUCT.md).
 */
const STORAGE_KEY = 'ref';
/** Codes of this app, and the uuids some accounts brought from the legacy app (LEGACY.md). */
const CODE = /^(?:[A-Za-z0-9]{4,16}|[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12})$/;

export function rememberReferral(code: string | null | undefined): void {
  if (!code || !CODE.test(code)) return;
  writeStored('local', STORAGE_KEY, code.toUpperCase());
}

export function rememberedReferral(): string | null {
  return readStored('local', STORAGE_KEY);
}

export function forgetReferral(): void {
  clearStored('local', STORAGE_KEY);
}

/**
 * The discount code of a `?code=CODE` visit (an affiliate's code or a coupon shared as a link),
 * remembered on this browser until a purchase uses it, and filled in at checkout.
 */
const CODE_KEY = 'discountCode';
const DISCOUNT_CODE = /^[A-Za-z0-9]{4,20}$/;

export function rememberDiscountCode(code: string | null | undefined): void {
  if (!code || !DISCOUNT_CODE.test(code)) return;
  writeStored('local', CODE_KEY, code.toUpperCase());
}

export function rememberedDiscountCode(): string | null {
  return readStored('local', CODE_KEY);
}

export function forgetDiscountCode(): void {
  clearStored('local', CODE_KEY);
}
