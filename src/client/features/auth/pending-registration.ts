/** The registration waiting for its emailed code, kept for this tab until it is verified. */
export type PendingRegistration = { activationToken: string; email: string; sentAt: number };

const KEY = 'pendingRegistration';

export function savePendingRegistration(pending: PendingRegistration): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // The OTP screen will ask to register again.
  }
}

export function loadPendingRegistration(): PendingRegistration | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingRegistration | null;
    return value && typeof value.activationToken === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingRegistration(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
