import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinProblem } from './gstin.js';

describe('GSTIN', () => {
  it('takes a GSTIN whose last character is the check character of the first 14', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8', '24AAACC1206D1ZM']) expect(gstinProblem(gstin), gstin).toBeNull();
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('tells a typing mistake in any character from a GSTIN of the wrong shape', () => {
    expect(gstinProblem('27AAPFU0939F1ZX')).toBe('GSTIN_CHECK_FAILED');
    expect(gstinProblem('27AAPFU0938F1ZV')).toBe('GSTIN_CHECK_FAILED');
    expect(gstinProblem('29AAPFU0939F1ZV')).toBe('GSTIN_CHECK_FAILED');
    for (const wrong of ['27AAPFU0939F1Z', '27AAPFU0939F1ZVV', '27aapfu0939f1zv', '27AAPFU0939F0ZV', '27AAPFU0939F1YV', '99AAPFU0939F1ZV', 'AAAAAAAAAAAAAAA'])
      expect(gstinProblem(wrong), wrong).toBe('GSTIN_INVALID');
  });
});
