import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { registerCors } from '../lib/cors.js';
import { helmetOptions, isCrossSiteCookieWrite, securityHeaders, type ExtraOrigins } from '../lib/http-security.js';
import { requestErrors } from '../lib/request.errors.js';
import { sendRequestError } from './error-reply.js';

export const UPLOAD_FILE_LIMIT = 5 * 1024 * 1024;

/** The security headers of every answer; a page that opens the gateway's checkout also allows its origins. */
export function pageSecurityHeaders(config: Pick<Config, 'publicUrl'>, dev: boolean, checkout?: ExtraOrigins): Record<string, string> {
  return securityHeaders(helmetOptions({ https: config.publicUrl.startsWith('https://'), dev, checkout }));
}

/**
 * What every request passes before a route: the security headers, CORS for existing clients, the
 * cookie and multipart parsers, the refusal of cross-site cookie writes, and the answer to errors
 * Fastify raises before a handler runs. In this order: CORS drops the cookie of a cross-origin call
 * before the cookie parser reads it, and the cross-site check reads what the parser found.
 */
export async function registerSecurity(app: FastifyInstance, config: Config, options: { dev: boolean }): Promise<void> {
  const headers = pageSecurityHeaders(config, options.dev);
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
}
