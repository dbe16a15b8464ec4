import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { isServerFault } from '../lib/errors.js';
import { clientKey } from '../lib/rate-limit.js';
import { readToken, requestLanguage, SESSION_COOKIE } from '../lib/request-info.js';
import type { AppDeps, CreateContext, ProcedureGuards, SessionUser } from '../trpc/context.js';
import { recordAudit, recordAuditedRead } from '../features/audit/audit.service.js';
import { keptUserAgent, modelFromHint } from '../features/auth/device-label.js';
import { DEVICE_COOKIE, DEVICE_DAYS } from '../features/auth/login-limiter.js';
import { findSessionUser } from '../features/auth/sessions.service.js';
import { ageGateRefusal } from '../features/privacy/age-gate.js';
import { appRouter, type AppRouter } from '../root-router.js';
import { registerReadRoad, type ReadRoadOptions } from './trpc-reads.js';

/** The client batches at most this many calls; a longer batch is refused before any runs. */
export const TRPC_MAX_BATCH = 10;

/**
 * Every request's context, for tRPC's adapter and the REST rows alike: the shared deps, what the
 * request says (address, language, token, device, cookies), the session looked up on first use,
 * and the guards the tRPC base runs (the audit log's writer, the age gate), which it does not
 * import itself.
 */
export function createContextFactory(deps: AppDeps): CreateContext {
  const secureCookie = deps.config.publicUrl.startsWith('https://');
  const guards: ProcedureGuards = {
    audit: { mutation: (call) => recordAudit(deps.db, call), read: (call) => recordAuditedRead(deps.db, call) },
    refusalFor: (user, path) => ageGateRefusal(user.ageStatus, path),
  };

  return function createContext({ req, res }) {
    const token = readToken(req);
    let looked = false;
    let user: SessionUser | null = null;
    return {
      ...deps,
      guards,
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

/**
 * tRPC for the app under /trpc, through tRPC's own Fastify adapter. In front of it, unless
 * `lightReads` is false, the road for reads (http/trpc-reads.ts, decision 210) answers a GET of
 * paths the adapter has already answered as queries; everything else goes on to the adapter.
 */
export function registerTrpc(
  app: FastifyInstance,
  createContext: CreateContext,
  options: { lightReads?: boolean; lightReadAnswered?: ReadRoadOptions['answered'] } = {},
): void {
  const onError = ({ error, path }: { error: TRPCError; path?: string | undefined }) => {
    if (isServerFault(error)) app.log.error({ err: error.cause ?? error, path }, 'procedure failed');
  };
  // A scope of its own, so the road's hooks hold only for the adapter's route.
  app.register((scope, _options, done) => {
    if (options.lightReads !== false) {
      registerReadRoad(scope, { router: appRouter, createContext, maxBatchSize: TRPC_MAX_BATCH, onError, answered: options.lightReadAnswered });
    }
    scope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext,
        maxBatchSize: TRPC_MAX_BATCH,
        onError,
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
    done();
  });
}
