import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Mailer } from '../lib/mailer.js';
import type { RateLimits } from '../lib/rate-limit.js';
import type { Language } from '../../shared/domain.js';
import { findSessionUser, type DeviceInfo, type SessionUser } from '../features/auth/sessions.service.js';
import { keptUserAgent, modelFromHint } from '../features/auth/device-label.js';
import type { SetupGate } from '../features/auth/setup.service.js';
import { requestBegun } from '../lib/read-cache.js';

export const SESSION_COOKIE = 'session';

/** What every request shares: built once in buildApp. */
export type AppDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The current time in ms; tests replace it to cross day and expiry boundaries. */
  now: () => number;
  rateLimits: RateLimits;
  /** The one-time link that creates the first admin. */
  setup: SetupGate;
};

export type RequestInfo = {
  ip: string;
  lang: Language;
  /** The session token as sent (header `token`, `Authorization: Bearer`, or the cookie); never from the URL. */
  token: string | null;
  /** What the browser says about itself (User-Agent, client hint Sec-CH-UA-Model), to name the device at login. */
  device: DeviceInfo;
  setSessionCookie(token: string, expiresAt: number): void;
  clearSessionCookie(): void;
};

export type Context = AppDeps & {
  req: RequestInfo;
  /** The signed-in user, looked up on first use and remembered for the request. */
  sessionUser(): SessionUser | null;
};

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.token;
  if (typeof header === 'string' && header.length > 0) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) {
    const bearer = authorization.slice('Bearer '.length).trim();
    if (bearer) return bearer;
  }
  return request.cookies?.[SESSION_COOKIE] || null;
}

/** The language the client asked for: header `x-lang`, else the browser's Accept-Language. */
export function requestLanguage(request: FastifyRequest): Language {
  const explicit = request.headers['x-lang'];
  if (explicit === 'mr' || explicit === 'en') return explicit;
  const accepted = request.headers['accept-language'];
  return typeof accepted === 'string' && /^\s*mr\b/i.test(accepted) ? 'mr' : 'en';
}

export function createContextFactory(deps: AppDeps) {
  const secureCookie = deps.config.publicUrl.startsWith('https://');

  return function createContext({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context {
    requestBegun();
    const token = readToken(req);
    let looked = false;
    let user: SessionUser | null = null;
    return {
      ...deps,
      req: {
        ip: req.ip,
        lang: requestLanguage(req),
        token,
        device: { userAgent: keptUserAgent(req.headers['user-agent']), deviceModel: modelFromHint(req.headers['sec-ch-ua-model']) },
        setSessionCookie(value, expiresAt) {
          res.setCookie(SESSION_COOKIE, value, {
            httpOnly: true,
            sameSite: 'lax',
            secure: secureCookie,
            path: '/',
            expires: new Date(expiresAt),
          });
        },
        clearSessionCookie() {
          res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie });
        },
      },
      sessionUser() {
        if (!looked) {
          looked = true;
          user = token ? findSessionUser(deps.db, token, deps.now()) : null;
        }
        return user;
      },
    };
  };
}

export type CreateContext = ReturnType<typeof createContextFactory>;
