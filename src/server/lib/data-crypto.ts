/**
 * Encryption at rest of the few values that must never leak whole: PANs and bank account numbers
 * (and the payout snapshots that carry them). AES-256-GCM with a key from DATA_ENCRYPTION_KEY (or
 * the key file made at first start), never stored in the database or its backups. A value is
 * written `enc1:<key id>:<iv|tag|ciphertext, base64url>`; the key id (the first 8 hex digits of the
 * key's SHA-256) tells which key opens it, so an old key (DATA_ENCRYPTION_OLD_KEYS) still reads
 * values until they are sealed again with the new one at the next start.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc1:';
type Key = { id: string; bytes: Buffer };

let current: Key | null = null;
let readable = new Map<string, Key>();

export function keyIdOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 8);
}

/** Reads a key written as 64 hex digits or 44 characters of base64 (`openssl rand -base64 32`). */
export function parseDataKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** The keys of this process: the one that writes, and every one that may read. */
export function configureDataKeys(keys: { current: Buffer; old?: Buffer[] }): void {
  current = { id: keyIdOf(keys.current), bytes: keys.current };
  readable = new Map([current, ...(keys.old ?? []).map((bytes) => ({ id: keyIdOf(bytes), bytes }))].map((key) => [key.id, key]));
}

export function currentKeyId(): string | null {
  return current?.id ?? null;
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** The key id of a sealed value, or null for a value written before encryption. */
export function keyIdOfSealed(value: string): string | null {
  return isSealed(value) ? (value.split(':')[1] ?? null) : null;
}

export class DataKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataKeyError';
  }
}

export function seal(plain: string): string {
  if (!current) throw new DataKeyError('No data encryption key is configured (DATA_ENCRYPTION_KEY).');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.bytes, iv);
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${current.id}:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url')}`;
}

/** The plain value; a value written before encryption comes back as it is. */
export function unseal(stored: string): string {
  if (!isSealed(stored)) return stored;
  const [, id, payload] = stored.split(':');
  const key = id ? readable.get(id) : undefined;
  if (!key || !payload) throw new DataKeyError(`The data encryption key ${id ?? '?'} is not configured: PANs and bank account numbers cannot be read.`);
  const raw = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
