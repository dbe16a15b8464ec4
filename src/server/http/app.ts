import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { TRPCError } from '@trpc/server';
import type { DestinationStream } from 'pino';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { checkpointInBackground } from '../db/background-checkpoints.js';
import { databaseFile, isDatabaseHealthy, openDatabase, type Db } from '../db/client.js';
import { prepareDataKeys } from '../db/seal-personal-data.js';
import { registerCors } from '../lib/cors.js';
import { isServerFault } from '../lib/errors.js';
import { helmetOptions, isCrossSiteCookieWrite, securityHeaders } from '../lib/http-security.js';
import { loggerOptions } from '../lib/logging.js';
import { createMailer, type Mailer } from '../lib/mailer.js';
import { RateLimits } from '../lib/rate-limit.js';
import { requestErrors } from '../lib/request.errors.js';
import { sendRequestError } from './error-reply.js';
import { registerRestRows } from '../rest/rest-adapter.js';
import { restRoutes } from '../rest/rest-routes.js';
import { SetupGate } from '../features/auth/setup.service.js';
import { serveClient, serveUploads } from './serve-client.js';
import { serveSharePictures } from './share-pictures.js';
import { PURGE_EVERY_MS, purgeExpired } from '../features/auth/purge.service.js';
import { createGateway, RECONCILE_EVERY_MS, reconcileGatewayOrders } from '../features/payments/payments.service.js';
import { registerPaymentWebhook } from '../features/payments/payments.webhook.js';
import { DRIP_EVERY_MS, notifyOpenedLectures } from '../features/drip/drip.service.js';
import { signatureReadable } from '../features/certificates/certificates.service.js';
import { StartupError } from '../lib/data-dir.js';
import { createContextFactory, type AppDeps } from '../trpc/context.js';
import { answerQueries } from '../trpc/query-path.js';
import { appRouter, type AppRouter } from '../trpc/router.js';
import { pagePaths } from '../../shared/page-paths.js';

/** Most JSON bodies are a few hundred bytes; uploads go through multipart with their own limits. */
export const JSON_BODY_LIMIT = 256 * 1024;
export const UPLOAD_FILE_LIMIT = 5 * 1024 * 1024;
/** The client batches at most this many calls; a longer batch is refused before any runs. */
export const TRPC_MAX_BATCH = 10;

export type BuildOptions = {
  /** Serve the client through Vite's dev server with hot reload. */
  dev?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** False answers tRPC reads through tRPC's own adapter only (the parity test of trpc/query-path.ts compares both). */
  lightQueries?: boolean;
  /** Where the app's own log lines go (standard output otherwise). */
  logStream?: DestinationStream;
  now?: () => number;
  /** How often expired sessions, reset links and registrations are deleted (PURGE_EVERY_MS). */
  purgeEveryMs?: number;
  db?: Db;
  mailer?: Mailer;
  /** Checkpoint the WAL in a worker thread (db/background-checkpoints.ts); the server process does. */
  backgroundCheckpoints?: boolean;
  /** Build and hand over emails in a worker thread (lib/mail-thread.ts); the server process does. */
  backgroundMail?: boolean;
  /** False leaves the gateway's reconcile job to the test that runs it by hand. */
  reconcileGateway?: boolean;
  /** False leaves the drip job (emails about lectures that opened) to the test that runs it by hand. */
  dripEmails?: boolean;
};

/** Fastify trusts the n nearest proxies for a number, but its types only know a function for that. */
function trustProxyOption(value: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export type App = { app: FastifyInstance; deps: AppDeps };

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    ...(options.logger === undefined ? loggerOptions(config.logLevel, options.logStream) : { logger: options.logger }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { maxParamLength: 5000 },
    // A path that is not valid percent-encoding, or a path parameter over the length limit:
    // answered like any other bad input (Fastify's own shape otherwise).
    frameworkErrors: (_error, request, reply) => sendRequestError(request, reply, new TRPCError({ code: 'BAD_REQUEST' })),
  });

  if (!(await signatureReadable(config))) {
    throw new StartupError('CERTIFICATE_SIGNATURE_IMAGE: expected a PNG or JPEG picture of the signature (this file is not one, or is too large)');
  }
  const db = options.db ?? openDatabase(databaseFile(config.dataDir));
  prepareDataKeys(db, { dataDir: config.dataDir, key: config.dataEncryption.key, oldKeys: config.dataEncryption.oldKeys }, app.log);
  const checkpoints = options.backgroundCheckpoints ? checkpointInBackground(db.$client, { log: app.log }) : null;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
      inWorker: options.backgroundMail ?? false,
    });
  const setup = new SetupGate(db);
  const deps: AppDeps = {
    db,
    config,
    mailer,
    log: app.log,
    now: options.now ?? Date.now,
    rateLimits: new RateLimits(),
    setup,
    gateway: createGateway(config.gateway),
  };
  const setupToken = setup.open();
  if (setupToken) {
    app.log.warn(`No admin yet. Create the first admin (superadmin) at ${config.publicUrl}${pagePaths.setup}?token=${setupToken} — the link works once.`);
  }
  const createContext = createContextFactory(deps);

  // Expired sessions, reset links and registrations are deleted at start and then on a schedule.
  const purge = () => {
    try {
      const purged = purgeExpired(db, deps.now());
      app.log.debug({ purged }, 'expired rows deleted');
    } catch (error) {
      app.log.error({ err: error }, 'deleting expired rows failed');
    }
  };
  purge();
  const purgeTimer = setInterval(purge, options.purgeEveryMs ?? PURGE_EVERY_MS);
  purgeTimer.unref();

  // With a payment gateway: orders nobody heard of are asked about on a schedule (missed webhooks).
  const reconcile = () =>
    reconcileGatewayOrders(deps).then(
      (done) => (done.asked > 0 ? app.log.info(done, 'gateway orders reconciled') : undefined),
      (error: unknown) => app.log.error({ err: error }, 'reconciling gateway orders failed'),
    );
  const reconcileTimer = deps.gateway && options.reconcileGateway !== false ? setInterval(reconcile, RECONCILE_EVERY_MS) : null;
  reconcileTimer?.unref();

  // Lectures that open on a schedule: their learners are emailed when they open.
  const drip = () => {
    try {
      const done = notifyOpenedLectures(deps);
      if (done.emailed > 0) app.log.info(done, 'learners told of lectures that opened');
    } catch (error) {
      app.log.error({ err: error }, 'telling learners of lectures that opened failed');
    }
  };
  const dripTimer = options.dripEmails === false ? null : setInterval(drip, DRIP_EVERY_MS);
  dripTimer?.unref();

  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    if (dripTimer) clearInterval(dripTimer);
    if (reconcileTimer) clearInterval(reconcileTimer);
    await mailer.close();
    await checkpoints?.stop();
    if (!options.db) db.$client.close();
  });

  // During a graceful shutdown, answers still in flight end their connection, so a phone's
  // keep-alive socket does not hold the process open until the force-exit timer.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // Plugins.
  const headers = securityHeaders(helmetOptions({ https: config.publicUrl.startsWith('https://'), dev: options.dev ?? false }));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await registerCors(app, config);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_FILE_LIMIT, files: 1, fields: 20, fieldSize: 64 * 1024 } });

  // Hooks every request passes through take `done` rather than being async: a promise per hook and request is a cost every answer pays.
  app.addHook('onRequest', (request, reply, done) => {
    if (isCrossSiteCookieWrite(request, config.publicUrl)) sendRequestError(request, reply, requestErrors.CROSS_SITE());
    else done();
  });

  // Errors Fastify raises before a handler runs (bad JSON, a body too large, an unknown content type).
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (reply.sent) return;
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) return sendRequestError(request, reply, error);
    if (status === 413) return sendRequestError(request, reply, requestErrors.TOO_LARGE());
    if (status === 415) return sendRequestError(request, reply, requestErrors.UNSUPPORTED_MEDIA_TYPE());
    if (status === 429) return sendRequestError(request, reply, requestErrors.TOO_MANY_REQUESTS());
    return sendRequestError(request, reply, requestErrors.BAD_INPUT(), status);
  });

  // tRPC for the app: reads take the light road of query-path.ts, the rest tRPC's adapter.
  const onTrpcError = ({ error, path: procedurePath }: { error: TRPCError; path?: string | undefined }) => {
    if (isServerFault(error)) app.log.error({ err: error.cause ?? error, path: procedurePath }, 'procedure failed');
  };
  const queryPath = { deps, createContext, maxBatchSize: TRPC_MAX_BATCH, onError: onTrpcError };
  app.register((trpcScope, _options, registered) => {
    // In this scope only: the REST and page routes do not pass through it.
    if (options.lightQueries !== false) {
      trpcScope.addHook('onRequest', (request, reply, done) => {
        const answered = request.method === 'GET' && answerQueries(request, reply, queryPath);
        if (answered === false) done();
        else if (answered !== true) answered.then(() => undefined, done);
      });
    }
    trpcScope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext,
        maxBatchSize: TRPC_MAX_BATCH,
        onError: onTrpcError,
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
    registered();
  });

  // REST adapters for existing clients.
  registerRestRows(app, restRoutes, deps, createContext);

  // The payment gateway's events (answers 404 when no gateway is set up).
  registerPaymentWebhook(app, deps);

  app.get('/healthz', async (_request, reply) => {
    const healthy = isDatabaseHealthy(db);
    return reply.code(healthy ? 200 : 503).send({ ok: healthy });
  });

  await serveUploads(app, config.dataDir);
  serveSharePictures(app, config.dataDir);
  const checkoutCsp = deps.gateway
    ? securityHeaders(helmetOptions({ https: config.publicUrl.startsWith('https://'), dev: options.dev ?? false, checkout: deps.gateway.checkoutOrigins }))[
        'content-security-policy'
      ]
    : null;
  await serveClient(app, config, { dev: options.dev ?? false, db, checkoutCsp });

  return { app, deps };
}
