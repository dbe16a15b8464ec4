import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { AppError } from '../lib/errors.js';
import type { DomainEvents } from '../lib/domain-events.js';
import type { Notifier } from '../lib/notification-channel.js';
import type { PaymentGateway } from '../lib/payment-gateway.js';
import type { RateLimits } from '../lib/rate-limit.js';
import type { DeviceInfo } from '../lib/request-info.js';
import type { AgeStatus, Language, Role } from '../../shared/domain.js';

/**
 * The context every procedure gets. The tRPC base imports no feature: the HTTP shell builds the
 * context (http/trpc.plugin.ts) and puts into it what the base needs of features: the session
 * lookup, the audit log's writer and the age gate.
 */

/** The one-time link that creates the first admin (features/auth/setup.service.ts implements it). */
export type FirstAdminLink = {
  isOpen(): boolean;
  /** A new one-time token while there is no admin, else null. */
  open(): string | null;
  /** Checks the token without spending it. */
  check(token: string): void;
  /** Checks the token, runs `create` and closes the link only when it succeeded. */
  spendWith<T>(token: string, create: () => T): T;
};

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
  setup: FirstAdminLink;
  /** The payment gateway of the PAYMENT_GATEWAY setting, or none (UPI with a UTR an admin checks). */
  gateway: PaymentGateway | null;
};

/** The signed-in person behind a session (features/auth/sessions.service.ts looks it up). */
export type SessionUser = {
  id: number;
  name: string;
  email: string;
  role: Role;
  lang: Language;
  sessionId: number;
  /** Where the account stands towards the age question (null: never asked): the age gate reads it. */
  ageStatus: AgeStatus | null;
};

/** An admin's call as the audit log keeps it. */
export type AuditedCall = { actorId: number | null; action: string; input: unknown; at: number };

/** What the tRPC base needs of features, given to it by the HTTP shell. */
export type ProcedureGuards = {
  /** The audit log's writer (features/audit): every admin mutation, and the reads marked `audit`. */
  audit: { mutation(call: AuditedCall): void; read(call: AuditedCall): void };
  /** Why a signed-in account may not call this procedure yet (the age gate, features/privacy/age-gate.ts), or null. */
  refusalFor(user: SessionUser, path: string): AppError | null;
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
  guards: ProcedureGuards;
};

/** Builds a request's context (http/trpc.plugin.ts): for tRPC's adapter and the REST rows alike. */
export type CreateContext = (request: { req: FastifyRequest; res: FastifyReply }) => Context;
