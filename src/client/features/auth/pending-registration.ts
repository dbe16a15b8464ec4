import { clearStored, readStoredJson, writeStored } from '../../lib/storage';

/**
 * The registration waiting for its emailed code, kept on this browser (never the password) for as
 * long as the server keeps it (a day), so a tab the phone killed while the learner copied the code
 * from their email comes back to the code screen. Verified, or started again, it is forgotten.
 */
export type PendingRegistration = { activationToken: string; email: string; sentAt: number };

const KEY = 'pendingRegistration';
/** The server's REGISTRATION_TTL_MS: a registration nobody verified is forgotten after a day. */
const LIFETIME_MS = 24 * 60 * 60 * 1000;

type Kept = PendingRegistration & { startedAt: number };

export function savePendingRegistration(pending: PendingRegistration): void {
  const earlier = readStoredJson<Kept>('local', KEY);
  const startedAt = earlier?.activationToken === pending.activationToken ? earlier.startedAt : Date.now();
  writeStored('local', KEY, { activationToken: pending.activationToken, email: pending.email, sentAt: pending.sentAt, startedAt });
}

export function loadPendingRegistration(): PendingRegistration | null {
  const value = readStoredJson<Kept>('local', KEY);
  if (!value || typeof value.activationToken !== 'string' || typeof value.startedAt !== 'number') return null;
  if (Date.now() - value.startedAt > LIFETIME_MS) {
    clearPendingRegistration();
    return null;
  }
  return { activationToken: value.activationToken, email: value.email, sentAt: value.sentAt };
}

export function clearPendingRegistration(): void {
  clearStored('local', KEY);
}
