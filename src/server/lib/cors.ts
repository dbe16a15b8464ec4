import fastifyCors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { UPLOADS_URL_PREFIX } from './uploads.js';

/** The paths existing clients call from another origin: REST.md's calls and the pictures they show. */
const corsPaths = ['/api/', '/approve', UPLOADS_URL_PREFIX];

/** The headers REST.md's calls send. */
const CORS_ALLOWED_HEADERS = ['token', 'authorization', 'content-type'];

function isCorsPath(url: string): boolean {
  return corsPaths.some((prefix) => url === prefix || url.startsWith(prefix) || url.startsWith(`${prefix}?`));
}

/** The request's Origin when it is one of CORS_ORIGINS and not this site itself. */
function allowedCrossOrigin(request: FastifyRequest, allowed: readonly string[]): string | null {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || !allowed.includes(origin)) return null;
  try {
    if (new URL(origin).host === request.headers.host) return null;
  } catch {
    return null;
  }
  return origin;
}

/**
 * Cross-origin calls for existing clients (the legacy web client during the move), through
 * @fastify/cors. Only the origins of CORS_ORIGINS, only the REST calls and /uploads/ (tRPC stays
 * same-origin), only the headers REST.md's calls use. Such a call authenticates with its header
 * token: the session cookie is dropped from it before it is read, so the cookie's cross-site
 * protections stay as they are. Pictures under /uploads/ may be shown by those origins' pages.
 * Registered before the cookie plugin, so that its hook runs first.
 */
export async function registerCors(app: FastifyInstance, config: Pick<Config, 'corsOrigins'>): Promise<void> {
  const allowed = config.corsOrigins;
  if (allowed.length === 0) return;

  app.addHook('onRequest', (request, reply, done) => {
    if (allowedCrossOrigin(request, allowed)) delete request.headers.cookie;
    // An <img> sends no Origin, so the picture's answer cannot tell which page asks for it:
    // while any origin is allowed, pictures (public files) may be embedded by other origins.
    if (request.url.startsWith(UPLOADS_URL_PREFIX)) reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });

  await app.register(fastifyCors, {
    hideOptionsRoute: true,
    delegator: (request, callback) => {
      const origin = isCorsPath(request.url) ? allowedCrossOrigin(request, allowed) : null;
      callback(null, {
        origin: origin ?? false,
        credentials: true,
        methods: ['GET', 'HEAD', 'POST', 'DELETE'],
        allowedHeaders: CORS_ALLOWED_HEADERS,
        maxAge: 600,
      });
    },
  });
}
