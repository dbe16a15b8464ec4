import { TRPCError } from '@trpc/server';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { loggerOptions } from '../lib/logging.js';
import { RateLimits } from '../lib/rate-limit.js';
import { StartupError } from '../lib/data-dir.js';
import { SetupGate } from '../features/auth/setup.service.js';
import { createGateway } from '../features/payments/payments.service.js';
import { signatureReadable } from '../features/certificates/certificates.service.js';
import type { AppDeps } from '../trpc/context.js';
import { pagePaths } from '../../shared/page-paths.js';
import type { BuildOptions } from './build-options.js';
import { registerClientPages } from './client.plugin.js';
import { registerDatabase } from './database.plugin.js';
import { sendRequestError } from './error-reply.js';
import { createDomainEvents } from '../lib/domain-events.js';
import { registerEventConsequences } from '../events/consequences.js';
import { registerMailer, registerNotifier, registerScheduledJobs } from './jobs.plugin.js';
import { registerRest } from './rest.plugin.js';
import { registerSecurity } from './security.plugin.js';
import { createContextFactory, registerTrpc } from './trpc.plugin.js';

export type { BuildOptions } from './build-options.js';

/** Most JSON bodies are a few hundred bytes; uploads go through multipart with their own limits. */
export const JSON_BODY_LIMIT = 256 * 1024;

/** Fastify trusts the n nearest proxies for a number, but its types only know a function for that. */
function trustProxyOption(value: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/**
 * During a graceful shutdown, answers still in flight end their connection, so a phone's
 * keep-alive socket does not hold the process open until the force-exit timer.
 */
function closeConnectionsOnShutdown(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

export type App = { app: FastifyInstance; deps: AppDeps };

/**
 * The server, put together in order: the database, the mailer and the scheduled jobs, the guards
 * every request passes, tRPC, REST, and last the pages. Each part closes what it opens; Fastify
 * runs the onClose hooks in reverse order, so the database closes last.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const dev = options.dev ?? false;
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
  const db = registerDatabase(app, config, options);
  const mailer = registerMailer(app, config, options);
  const now = options.now ?? Date.now;
  const notifier = registerNotifier(app, { db, config, now }, mailer, options);
  const events = createDomainEvents();
  registerEventConsequences(events, { config, notifier });
  const setup = new SetupGate(db);
  const deps: AppDeps = {
    db,
    config,
    notifier,
    events,
    log: app.log,
    now,
    rateLimits: new RateLimits(),
    setup,
    gateway: createGateway(config.gateway),
  };
  const setupToken = setup.open();
  if (setupToken) {
    app.log.warn(`No admin yet. Create the first admin (superadmin) at ${config.publicUrl}${pagePaths.setup}?token=${setupToken} — the link works once.`);
  }
  const createContext = createContextFactory(deps);

  registerScheduledJobs(app, deps, options);
  closeConnectionsOnShutdown(app);
  await registerSecurity(app, config, { dev });
  registerTrpc(app, createContext, { lightReads: options.trpcLightReads ?? true, lightReadAnswered: options.trpcLightReadAnswered });
  registerRest(app, deps, createContext);
  await registerClientPages(app, deps, createContext, { dev, ...(options.clientDir && { clientDir: options.clientDir }) });

  return { app, deps };
}
