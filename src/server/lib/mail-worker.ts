/**
 * The worker thread of lib/mail-thread.ts: builds and hands over each message it is sent
 * (lib/mail-delivery.ts) and answers where it went, or why it could not.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDelivery, type Delivered, type MailMessage, type MailSettings } from './mail-delivery.js';

export type MailRequest = { id: number; message: MailMessage } | 'close';
export type MailReply = { id: number; delivered: Delivered } | { id: number; error: string };

const delivery = createDelivery(workerData as MailSettings);
const port = parentPort!;

port.on('message', (request: MailRequest) => {
  if (request === 'close') {
    void delivery.close().finally(() => port.close());
    return;
  }
  delivery.deliver(request.message).then(
    (delivered) => port.postMessage({ id: request.id, delivered } satisfies MailReply),
    (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies MailReply),
  );
});
