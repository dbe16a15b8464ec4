import argon2 from 'argon2';
import bcrypt from 'bcryptjs';
import pLimit from 'p-limit';
import { serverBusy } from './errors.js';

/** OWASP's minimum for argon2id: 19 MiB of memory, 2 iterations, 1 lane. */
export const argon2Options = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash holds 19 MiB while it runs. At most this many run at once, and at most
 * MAX_WAITING wait; beyond that a flood of logins is told to come back instead of eating memory.
 */
const MAX_PARALLEL = 4;
const MAX_WAITING = 64;
const limit = pLimit(MAX_PARALLEL);

function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= MAX_WAITING) return Promise.reject(serverBusy());
  return limit(work);
}

export function hashPassword(password: string): Promise<string> {
  return bounded(() => argon2.hash(password, argon2Options));
}

/** A bcrypt hash kept from the legacy app (`$2a$`, `$2b$` or `$2y$`), replaced at the next login. */
export function isLegacyHash(hash: string): boolean {
  return /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash);
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return bounded(async () => {
    try {
      // bcrypt reads only the first 72 bytes of a password, as the legacy app did.
      if (isLegacyHash(hash)) return await bcrypt.compare(password, hash);
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no account to check against, so the
 * answer time does not tell whether an email is registered.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= argon2.hash('not-a-real-password', argon2Options);
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Codes (OTP) are short and live minutes, but are still stored hashed, with a cheap hash. */
export const codeHashOptions = { type: argon2.argon2id, memoryCost: 4096, timeCost: 2, parallelism: 1 } as const;

export function hashCode(code: string): Promise<string> {
  return bounded(() => argon2.hash(code, codeHashOptions));
}

/** Checks a code against its hash, within the same bound of hashes at once as passwords. */
export function verifyCode(hash: string, code: string): Promise<boolean> {
  return bounded(() => argon2.verify(hash, code).catch(() => false));
}
