import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Language } from '../../shared/domain.js';
import { networkHash } from './network-hash.js';

/**
 * What the server reads off a request before any feature runs: the session token and the
 * language. Used by the tRPC context, the REST adapters and the HTTP hooks alike.
 */

/** What the browser said about itself at login, to name the device in the device list. */
export type DeviceInfo = { userAgent: string | null; deviceModel: string | null };

/** The httpOnly cookie the app's own pages carry the session token in. */
export const SESSION_COOKIE = 'session';

/** The session token from header `token` or `Authorization: Bearer`, when one is there. */
export function headerToken(request: FastifyRequest): string | null {
  const header = request.headers.token;
  if (typeof header === 'string' && header.length > 0) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) {
    const bearer = authorization.slice('Bearer '.length).trim();
    if (bearer) return bearer;
  }
  return null;
}

/** The header's token, else the cookie's; the cross-site check (lib/http-security.ts) relies on this order. */
export function readToken(request: FastifyRequest): string | null {
  return headerToken(request) ?? (request.cookies?.[SESSION_COOKIE] || null);
}

/** The language the client asked for: header `x-lang`, else the browser's Accept-Language. */
export function requestLanguage(request: FastifyRequest): Language {
  const explicit = request.headers['x-lang'];
  if (explicit === 'mr' || explicit === 'en') return explicit;
  const accepted = request.headers['accept-language'];
  return typeof accepted === 'string' && /^\s*mr\b/i.test(accepted) ? 'mr' : 'en';
}

/**
 * Where a request came from, as the admin's fraud flag compares orders: SHA-256 of the login
 * device cookie (a random value of the site's own) and the address's keyed hash of this period
 * (lib/network-hash.ts; never the address itself), or null.
 */
export function placedFromOf(
  request: { deviceCookie: string | null; ip: string },
  at: { dataDir: string; now: number },
): { device: string | null; network: string | null } {
  return {
    device: request.deviceCookie ? createHash('sha256').update(request.deviceCookie).digest('hex') : null,
    network: request.ip ? networkHash(at.dataDir, at.now, request.ip) : null,
  };
}
