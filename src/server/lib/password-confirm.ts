import { z } from 'zod';
import type { UserRow } from '../db/schema.js';
import { accountErrors } from './account.errors.js';
import { verifyPassword } from './password.js';
import type { RateLimits } from './rate-limit.js';

/** The password typed again to confirm a sensitive step (a copy of one's data, erasure, where one is paid). */
export const currentPassword = z.string({ error: 'REQUIRED' }).min(1, 'REQUIRED').max(200, 'TEXT_TOO_LONG');

/** One limiter for every step that asks for the password again, so the guesses add up across them. */
const passwordTries = { points: 10, durationSeconds: 60 * 60 };

/**
 * Checks the signed-in person's password again: a phone left signed in does not hand over what
 * needs it. Ten tries an hour per person, across every step that asks.
 */
export async function confirmPassword(deps: { rateLimits: RateLimits }, user: Pick<UserRow, 'id' | 'passwordHash'>, password: string): Promise<void> {
  await deps.rateLimits.get('password:confirm', passwordTries).hit(String(user.id));
  if (!(await verifyPassword(user.passwordHash, password))) throw accountErrors.PASSWORD_NOT_CONFIRMED();
}
