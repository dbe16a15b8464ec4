import type { TRPCError } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isServerFault } from '../lib/errors.js';
import { clientKey } from '../lib/rate-limit.js';
import { readToken, requestLanguage, SESSION_COOKIE } from '../lib/request-info.js';
import type { AppDeps, CreateContext, ProcedureGuards, SessionUser } from '../trpc/context.js';
import { recordAudit, recordAuditedRead } from '../features/audit/audit.service.js';
import { keptUserAgent, modelFromHint } from '../features/auth/device-label.js';
import { DEVICE_COOKIE, DEVICE_DAYS } from '../features/auth/login-limiter.js';
import { findSessionUser } from '../features/auth/sessions.service.js';
import { ageGateRefusal } from '../features/privacy/age-gate.js';
import { appRouter } from '../root-router.js';
import { createReadRoad } from './trpc-reads.js';

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
 * tRPC for the app under /trpc. A GET of queries takes the road for reads (http/trpc-reads.ts,
 * decision 210) unless `lightReads` is false; every other call, and any read that road leaves,
 * takes tRPC's own road, `resolveResponse` (the one its Fastify adapter takes), answered as
 * Fastify answers any route: a JSON answer (every answer of httpBatchLink, the app's client) is
 * read whole and sent as one string with its length, where tRPC's adapter would hand Fastify the
 * WHATWG Response to pour out chunk by chunk; an answer that streams (JSON lines, server-sent
 * events) still goes out as a stream.
 */
export function registerTrpc(app: FastifyInstance, createContext: CreateContext, options: { lightReads?: boolean } = {}): void {
  const onError = ({ error, path }: { error: TRPCError; path?: string | undefined }) => {
    if (isServerFault(error)) app.log.error({ err: error.cause ?? error, path }, 'procedure failed');
  };
  const reads = options.lightReads === false ? null : createReadRoad({ router: appRouter, createContext, maxBatchSize: TRPC_MAX_BATCH, onError });

  async function answer(request: FastifyRequest<{ Params: { path: string } }>, reply: FastifyReply) {
    if (reads && request.method === 'GET' && (await reads.answer(request, reply))) return reply;
    const raw = request.raw as typeof request.raw & { body?: unknown };
    if (request.body !== undefined) raw.body = request.body;
    const response = await resolveResponse({
      router: appRouter,
      req: incomingMessageToRequest(raw, reply.raw, { maxBodySize: null }),
      path: request.params.path,
      createContext: async () => createContext({ req: request, res: reply }),
      maxBatchSize: TRPC_MAX_BATCH,
      error: null,
      onError,
    });
    if (response.headers.get('content-type') !== 'application/json' || response.headers.has('transfer-encoding')) {
      return reply.send(response);
    }
    if (reads && request.method === 'GET' && response.status === 200) reads.learn(request);
    reply.code(response.status);
    for (const [name, value] of response.headers) reply.header(name, value);
    return reply.send(await response.text());
  }

  app.register(
    (scope, _options, done) => {
      // The body reaches tRPC as it came: tRPC parses JSON itself, and reads form data from the stream.
      scope.removeContentTypeParser(['application/json', 'multipart/form-data']);
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, parsed) => parsed(null, body));
      scope.addContentTypeParser('multipart/form-data', (_request, body, parsed) => parsed(null, body));
      scope.all('/:path', answer);
      done();
    },
    { prefix: '/trpc' },
  );
}
