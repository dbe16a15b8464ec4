import { getTRPCErrorFromUnknown } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isServerFault } from '../lib/errors.js';
import { sendRestError } from '../rest/rest-adapter.js';
import { requestLanguage } from '../lib/request-info.js';
import { trpcErrorShape } from '../trpc/trpc.js';

function isTrpcPath(url: string): boolean {
  return url === '/trpc' || url.startsWith('/trpc/') || url.startsWith('/trpc?');
}

/**
 * The server's own error answers (a body it cannot read, an unknown path, a write from another
 * site), through the same catalogue and describeError as the procedures' errors, in the request's
 * language: in tRPC's shape on /trpc paths (`{ error: { code, message, data } }`, as tRPC's adapter
 * answers an error of the whole request), in REST.md's shape everywhere else. `status` keeps an
 * HTTP status that has no tRPC code (Fastify's 406 for a multipart body it cannot read).
 */
export function sendRequestError(request: FastifyRequest, reply: FastifyReply, error: unknown, status?: number): FastifyReply {
  const lang = requestLanguage(request);
  if (!isTrpcPath(request.url)) return sendRestError(reply, error, lang, { status });
  const shape = trpcErrorShape(getTRPCErrorFromUnknown(error), lang, undefined, status);
  if (isServerFault(error)) reply.log.error({ err: error }, 'request failed');
  if (shape.data.retryAfterSeconds !== undefined) reply.header('retry-after', String(shape.data.retryAfterSeconds));
  return reply.code(shape.data.httpStatus).type('application/json').send({ error: shape });
}
