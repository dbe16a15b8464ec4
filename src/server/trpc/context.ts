import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { DomainEvents } from '../events/domain-events.js';
import type { Notifier } from '../features/notifications/notifier.service.js';
import { clientKey, type RateLimits } from '../lib/rate-limit.js';
import type { Language } from '../../shared/domain.js';
import { findSessionUser, type DeviceInfo, type SessionUser } from '../features/auth/sessions.service.js';
import { keptUserAgent, modelFromHint } from '../features/auth/device-label.js';
import type { SetupGate } from '../features/auth/setup.service.js';
import type { PaymentGateway } from '../features/payments/gateway.js';
import { DEVICE_COOKIE, DEVICE_DAYS } from '../features/auth/login-limiter.js';
import { readToken, requestLanguage, SESSION_COOKIE } from '../lib/request-info.js';

/** What every request shares: built once in buildApp. */
export type AppDeps = {
  db: Db;
  config: Config;
  /** The notification outbox: every message to a person is written with `notifier.enqueue` in the transaction of its event. */
  notifier: Notifier;
  /** The domain events: features publish them in their transaction; their consequences are registered at wiring (http/app.ts). */
  events: DomainEvents;
  log: FastifyBaseLogger;
  /** The current time in ms; tests replace it to cross day and expiry boundaries. */
  now: () => number;
  rateLimits: RateLimits;
  /** The one-time link that creates the first admin. */
  setup: SetupGate;
  /** The payment gateway of the PAYMENT_GATEWAY setting, or none (UPI with a UTR an admin checks). */
  gateway: PaymentGateway | null;
};

export type RequestInfo = {
  /** The client's address as per-IP limits key it (lib/rate-limit.ts clientKey: IPv6 by its /64). */
  ip: string;
  lang: Language;
  /** The session token as sent (header `token`, `Authorization: Bearer`, or the cookie); never from the URL. */
  token: string | null;
  /** What the browser says about itself (User-Agent, client hint Sec-CH-UA-Model), to name the device at login. */
  device: DeviceInfo;
  setSessionCookie(token: string, expiresAt: number): void;
  clearSessionCookie(): void;
  /** The login limiter's device cookie (features/auth/login-limiter.ts), as sent. */
  deviceCookie: string | null;
  setDeviceCookie(deviceCookie: string): void;
};

export type Context = AppDeps & {
  req: RequestInfo;
  /** The signed-in user, looked up on first use and remembered for the request. */
  sessionUser(): SessionUser | null;
};

export function createContextFactory(deps: AppDeps) {
  const secureCookie = deps.config.publicUrl.startsWith('https://');

  return function createContext({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context {
    const token = readToken(req);
    let looked = false;
    let user: SessionUser | null = null;
    return {
      ...deps,
      req: {
        ip: clientKey(req.ip),
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
        deviceCookie: req.cookies?.[DEVICE_COOKIE] || null,
        setDeviceCookie(deviceCookie) {
          res.setCookie(DEVICE_COOKIE, deviceCookie, {
            httpOnly: true,
            sameSite: 'lax',
            secure: secureCookie,
            path: '/',
            maxAge: DEVICE_DAYS * 24 * 60 * 60,
          });
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
