import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../trpc/context.js';
import { serveClient, serveUploads } from './serve-client.js';
import { pageSecurityHeaders } from './security.plugin.js';
import { serveSharePictures } from './share-pictures.js';

/** Uploaded pictures, share pictures and the app's pages (the checkout page with the gateway's origins in its CSP). Registered last: the pages answer every path nothing else took. */
export async function registerClientPages(app: FastifyInstance, deps: AppDeps, options: { dev: boolean; clientDir?: string }): Promise<void> {
  const { config, db, gateway } = deps;
  await serveUploads(app, config.dataDir);
  serveSharePictures(app, config.dataDir);
  const checkoutCsp = gateway ? pageSecurityHeaders(config, options.dev, gateway.checkoutOrigins)['content-security-policy'] : null;
  await serveClient(app, config, { dev: options.dev, db, checkoutCsp, ...(options.clientDir && { dist: options.clientDir }) });
}
