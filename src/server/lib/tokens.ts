import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random opaque token: 32 bytes (256 bits) as base64url. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a leaked database holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A uniformly random numeric code of the given length, such as an emailed 6-digit code. */
export function newNumericCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}
