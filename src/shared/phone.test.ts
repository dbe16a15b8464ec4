import { describe, expect, it } from 'vitest';
import { phoneDigits } from './phone.js';
import { indianPhone } from './schemas.js';

describe('the phone rule', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['0091-98765-43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['09876543210', '9876543210'],
  ])('keeps the 10 digits of %s', (typed, digits) => {
    expect(phoneDigits(typed)).toBe(digits);
    expect(indianPhone.parse(typed)).toBe(digits);
  });

  it.each(['98765', '98765432101', '+1 98765 43210', '98765x4321', ''])('refuses %j in the form and on the server alike', (typed) => {
    expect(phoneDigits(typed)).toBeNull();
    expect(indianPhone.safeParse(typed).error?.issues.map((issue) => issue.message)).toEqual(['PHONE_INVALID']);
  });
});
