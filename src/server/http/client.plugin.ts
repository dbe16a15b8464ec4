import type { FastifyInstance } from 'fastify';
import type { AppDeps, CreateContext } from '../trpc/context.js';
import { learnerReads, visitorReads } from './server-pages.js';
import { serveClient, serveUploads } from './serve-client.js';
import { pageSecurityHeaders } from './security.plugin.js';
import { serveSharePictures } from './share-pictures.js';

/**
 * Uploaded pictures, share pictures and the app's pages, the public ones drawn on the server (the
 * checkout page with the gateway's origins in its CSP), their reads through the same request
 * context as /trpc and REST. Registered last: the pages answer every path nothing else took.
 */
export async function registerClientPages(
  app: FastifyInstance,
  deps: AppDeps,
  createContext: CreateContext,
  options: { dev: boolean; clientDir?: string },
): Promise<void> {
  const { config, db, gateway } = deps;
  await serveUploads(app, config.dataDir);
  serveSharePictures(app, config.dataDir);
  const checkoutCsp = gateway ? pageSecurityHeaders(config, options.dev, gateway.checkoutOrigins)['content-security-policy'] : null;
  const reads = visitorReads(createContext);
  await serveClient(app, config, {
    dev: options.dev,
    db,
    reads,
    learner: learnerReads(createContext),
    checkoutCsp,
    ...(options.clientDir && { dist: options.clientDir }),
  });
}
