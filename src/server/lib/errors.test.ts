import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, defineErrors, describeError, errorTexts, keptCodeOf, messageOfCode } from './errors.js';

describe('describeError', () => {
  it('never shows the text of an unexpected error', () => {
    const described = describeError(new Error('SQLITE_CORRUPT: secret table users'), 'en');
    expect(described).toEqual({ status: 500, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    const wrapped = describeError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'secret' }), 'mr');
    expect(wrapped.message).not.toContain('secret');
    expect(wrapped.status).toBe(500);
  });

  it('answers an AppError in the language asked for, with its status and code', () => {
    const errors = defineErrors({ UTR_TAKEN: { status: 'CONFLICT', en: 'This UTR is already used.', mr: 'हा UTR आधीच वापरला आहे.' } });
    expect(describeError(errors.UTR_TAKEN(), 'en')).toEqual({ status: 409, code: 'UTR_TAKEN', message: 'This UTR is already used.' });
    expect(describeError(errors.UTR_TAKEN(), 'mr').message).toBe('हा UTR आधीच वापरला आहे.');
  });

  it('refuses a catalog whose status is no tRPC code', () => {
    expect(() => defineErrors({ ODD: { status: 'TEAPOT', en: 'Odd.', mr: 'विचित्र.' } })).toThrow(/TEAPOT/);
  });

  it('carries the retry time of a rate limit', () => {
    const error = new AppError('TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS', { en: 'Wait.', mr: 'थांबा.' }, { retryAfterSeconds: 90 });
    expect(describeError(error, 'en')).toMatchObject({ status: 429, retryAfterSeconds: 90 });
  });

  it('turns schema issues into field messages from the shared catalogue', () => {
    const result = z.object({ phone: z.string().regex(/^\d{10}$/, 'PHONE_INVALID'), name: z.string() }).safeParse({ phone: '12', name: 5 });
    const error = new TRPCError({ code: 'BAD_REQUEST', cause: result.error });
    const described = describeError(error, 'en');
    expect(described.status).toBe(400);
    expect(described.code).toBe('BAD_INPUT');
    expect(described.message).toBe('Please enter a valid 10-digit phone number.');
    expect(described.fields?.phone).toBe('Please enter a valid 10-digit phone number.');
    expect(described.fields?.name).toMatch(/^Please check "name"/);
    expect(describeError(error, 'mr').message).toBe('कृपया योग्य 10 अंकी फोन नंबर लिहा.');
  });
});

describe('outcomes kept as codes', () => {
  const errors = defineErrors({
    GONE: { status: 'NOT_FOUND', en: 'It is gone.', mr: 'ते गेले.' },
    TAKEN: { status: 'CONFLICT', en: 'It is taken.', mr: 'ते घेतले आहे.' },
  });
  const known = errorTexts(errors.GONE);

  it('keeps a listed error by its own code and words it in the reader language', () => {
    expect(keptCodeOf(errors.GONE(), known)).toBe('GONE');
    expect(messageOfCode('GONE', 'en', known)).toBe('It is gone.');
    expect(messageOfCode('GONE', 'mr', known)).toBe('ते गेले.');
  });

  it('keeps anything else as the generic code of its kind, which always has a text', () => {
    expect(keptCodeOf(errors.TAKEN(), known)).toBe('CONFLICT');
    expect(messageOfCode('CONFLICT', 'en', known)).toBe('This conflicts with something that already exists.');
    expect(keptCodeOf(new Error('SQLITE_FULL: secret'), known)).toBe('INTERNAL');
    expect(messageOfCode('INTERNAL', 'mr', known)).toBe('आमच्याकडून काहीतरी चूक झाली. कृपया पुन्हा प्रयत्न करा.');
    expect(messageOfCode('NO_SUCH_CODE', 'en', known)).toBe('Something went wrong on our side. Please try again.');
  });
});
