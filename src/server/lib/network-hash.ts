import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** How long one key hashes addresses before a new one replaces it (and the old is gone). */
export const NETWORK_KEY_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;

type PeriodKey = { period: number; key: string };

const keys = new Map<string, PeriodKey>();

/** The file of the current period's key: in the data folder, never in the database or its backups. */
export const networkKeyFile = (dataDir: string) => path.join(dataDir, 'network-key.json');

function currentKey(dataDir: string, now: number): string {
  const period = Math.floor(now / NETWORK_KEY_PERIOD_MS);
  const file = networkKeyFile(dataDir);
  const cached = keys.get(file);
  if (cached?.period === period) return cached.key;
  let stored: PeriodKey | null = null;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as PeriodKey;
  } catch {
    // No key yet (or an unreadable one): a new period starts with a new key.
  }
  if (stored?.period !== period) {
    // Overwriting the file discards the previous key: the hashes made with it can no longer be
    // turned back into addresses by trying every address.
    stored = { period, key: randomBytes(32).toString('hex') };
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(stored), { mode: 0o600 });
    renameSync(partial, file);
  }
  keys.set(file, stored);
  return stored.key;
}

/**
 * A client's address as the fraud flag compares orders: an HMAC-SHA256 under a key that lives
 * for one period (NETWORK_KEY_PERIOD_MS) and is then replaced. Two orders from one address in one
 * period match; the address is never stored, and once the key is gone not even trying all four
 * billion addresses finds it.
 */
export function networkHash(dataDir: string, now: number, ip: string): string {
  return createHmac('sha256', currentKey(dataDir, now)).update(ip).digest('hex');
}
