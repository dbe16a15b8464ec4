import type { FastifyInstance } from 'fastify';
import { receiveWebhook, type PaymentDeps } from './payments.service.js';

/** Where the gateway posts its events: set this address, `${PUBLIC_URL}/webhooks/razorpay`, in its dashboard. */
export const WEBHOOK_PATH = '/webhooks/razorpay';

/**
 * The gateway's webhook. Its signature is over the exact bytes sent, so in this scope JSON bodies
 * are kept as they came (a Buffer), never parsed and written again.
 */
export function registerPaymentWebhook(app: FastifyInstance, deps: PaymentDeps): void {
  app.register((scope, _options, registered) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(WEBHOOK_PATH, async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await receiveWebhook(deps, rawBody, request.headers);
      return reply.code(answer.status).send({ ok: answer.status === 200, outcome: answer.outcome });
    });
    registered();
  });
}
