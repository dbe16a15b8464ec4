import type { FastifyBaseLogger } from 'fastify';
import { createDelivery, type Delivered, type Delivery, type MailSettings } from './mail-delivery.js';
import type { MailReply, MailRequest } from './mail-worker.js';
import { siblingModule, typeScriptWorker } from './typescript-worker.js';

/**
 * Delivery in a worker thread (lib/mail-worker.ts). Building a message with nodemailer costs
 * about a millisecond of CPU, an SMTP connection's TLS handshake several: on the server's own
 * thread that is time every request waiting behind it loses (an approval sends two). The worker
 * does it on the other core. Should the worker stop, the messages it held fail (their senders
 * log them) and later ones are delivered on the server's thread. `workerModule` is for tests.
 */
export function deliveryInWorker(settings: MailSettings, log: FastifyBaseLogger, workerModule = siblingModule('mail-worker', import.meta.url)): Delivery {
  const worker = typeScriptWorker(workerModule, { workerData: settings });
  // Held open only while a message waits, so a process with nothing else to do can end.
  worker.unref();
  const waiting = new Map<number, { resolve: (delivered: Delivered) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let closing = false;
  let stopped = false;
  let fallback: Delivery | null = null;

  const settle = (id: number) => {
    const entry = waiting.get(id);
    waiting.delete(id);
    if (waiting.size === 0) worker.unref();
    return entry;
  };
  worker.on('message', (reply: MailReply) => {
    const entry = settle(reply.id);
    if ('error' in reply) entry?.reject(new Error(reply.error));
    else entry?.resolve(reply.delivered);
  });
  worker.on('error', (error) => log.error({ err: error }, 'the mail worker failed'));
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      stopped = true;
      if (!closing) log.error('the mail worker stopped; emails are delivered from the server thread');
      for (const id of [...waiting.keys()]) settle(id)?.reject(new Error('the mail worker stopped'));
      resolve();
    }),
  );

  return {
    deliver(message) {
      if (stopped) {
        fallback ??= createDelivery(settings);
        return fallback.deliver(message);
      }
      return new Promise((resolve, reject) => {
        const id = nextId++;
        if (waiting.size === 0) worker.ref();
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, message } satisfies MailRequest);
      });
    },
    async close() {
      closing = true;
      await fallback?.close();
      if (!stopped) worker.postMessage('close' satisfies MailRequest);
      await exited;
    },
  };
}
