import type { DestinationStream } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** Request URLs as logged: tokens in the reset and setup links never reach the log. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|activationToken)=)[^&#]*/gi, '$1[redacted]').replace(/(\/reset-password\/)[^/?#]+/i, '$1[redacted]');
}

/**
 * One debug line per finished request (an info line per request costs real throughput), an
 * error line when a request fails. `ip` is the client's address (behind a proxy, as TRUST_PROXY
 * allows it to be read from X-Forwarded-For). Headers are never logged, so tokens and cookies stay out.
 */
class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && reply.log.level !== 'debug' && reply.log.level !== 'trace') return;
    const line = { method: request.method, url: redactUrl(request.url), ip: request.ip, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.debug(line, 'request');
  }

  override routeNotFound(): void {}
}

/** `stream` sends the log lines elsewhere than standard output. */
export function loggerOptions(level: string, stream?: DestinationStream): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: {
      level,
      ...(stream && { stream }),
      serializers: {
        req: (request) => ({ method: request.method, url: redactUrl(request.url), ip: request.ip }),
      },
    },
    logController: new QuietRequestLog(),
  };
}
