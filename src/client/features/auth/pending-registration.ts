import { clearStored, readStoredJson, writeStored } from '../../lib/storage';

/** The registration waiting for its emailed code, kept for this tab until it is verified (if not kept, the OTP screen asks to register again). */
export type PendingRegistration = { activationToken: string; email: string; sentAt: number };

const KEY = 'pendingRegistration';

export function savePendingRegistration(pending: PendingRegistration): void {
  writeStored('session', KEY, pending);
}

export function loadPendingRegistration(): PendingRegistration | null {
  const value = readStoredJson<PendingRegistration>('session', KEY);
  return value && typeof value.activationToken === 'string' ? value : null;
}

export function clearPendingRegistration(): void {
  clearStored('session', KEY);
}
