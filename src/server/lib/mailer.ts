import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../shared/domain.js';
import { escapeHtml } from './html.js';
import { createDelivery, type MailMessage, type MailSettings } from './mail-delivery.js';
import { deliveryInWorker } from './mail-thread.js';

export type { MailMessage } from './mail-delivery.js';

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** Sends without waiting; a failure is logged, never thrown (used after a committed change). */
  sendInBackground(message: MailMessage): void;
  /**
   * Composes and sends without waiting, after the current turn of the event loop: the reads and
   * rendering an email needs happen once the request that caused it has written its answer.
   * `compose` may answer nothing to send. A failure is logged, never thrown.
   */
  sendLater(compose: () => MailMessage | readonly MailMessage[] | null): void;
  /** Waits for emails still being sent, then closes the connection. */
  close(): Promise<void>;
};

type MailerOptions = MailSettings & {
  log: FastifyBaseLogger;
  /** Build and hand over messages in a worker thread (lib/mail-thread.ts); the server does. */
  inWorker?: boolean;
};

/**
 * Emails to SMTP_URL's server, or without one to the outbox folder (lib/mail-delivery.ts), each
 * logged with where it went.
 */
export function createMailer({ log, inWorker = false, ...settings }: MailerOptions): Mailer {
  const delivery = inWorker ? deliveryInWorker(settings, log) : createDelivery(settings);

  async function send(message: MailMessage): Promise<void> {
    const { file } = await delivery.deliver(message);
    // The kind only: a subject or a recipient may hold a code or a person's address (no secret
    // and no personal data in a log line).
    if (file === null) log.info({ kind: message.kind }, 'email sent');
    else log.info({ kind: message.kind, file: path.basename(file) }, 'email written to the outbox');
  }

  const inFlight = new Set<Promise<void>>();

  const sendLogged = (message: MailMessage) => send(message).catch((error: unknown) => log.error({ err: error, kind: message.kind }, 'email failed'));

  const sendLater = (compose: () => MailMessage | readonly MailMessage[] | null) => {
    const sending = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => Promise.all(([] as MailMessage[]).concat(compose() ?? []).map(sendLogged)))
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'email failed'),
      )
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  };

  return {
    send,
    sendInBackground: (message) => sendLater(() => message),
    sendLater,
    async close() {
      await Promise.allSettled([...inFlight]);
      await delivery.close();
    },
  };
}

type Localized<P> = { en: (params: P) => string; mr: (params: P) => string };

export type EmailTemplate<P> = {
  /** What the message is, the only thing the log says about it (`verification-code`). */
  kind: string;
  subject: Localized<P>;
  body: Localized<P>;
  /**
   * Parameters that people typed (names, a payer's name, a reason): shown in “quotes” in the body
   * so they cannot pass for the site's own words.
   */
  quoted?: readonly (keyof P & string)[];
};

/**
 * An email in both languages. The body is plain text with blank lines between paragraphs; the
 * HTML part is made from it, escaped. Only parameters named `link`, `url` or ending in `Url`/`Link`
 * (addresses the server built) become links; no other text is ever linkified.
 */
export function defineEmail<P>(template: EmailTemplate<P>): EmailTemplate<P> {
  return template;
}

const LINK = '\uE000L';
const QUOTE = '\uE000Q';
const END = '\uE001';
const isLinkKey = (key: string) => /^(link|url)$|(Url|Link)$/.test(key);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control and direction characters are what oneLine() removes
const notOnOneLine = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ue000\ue001]+/g;

/**
 * A parameter on one line: control characters (newlines included), bidirectional overrides and
 * the renderer's own marks become spaces, so a name cannot start a paragraph of its own.
 */
function oneLine(value: string): string {
  return value.replace(notOnOneLine, ' ').replace(/ {2,}/g, ' ').trim();
}

export function renderEmail<P>(template: EmailTemplate<P>, lang: Language, params: P, to: string): MailMessage {
  const quoted = new Set<string>(template.quoted ?? []);
  const marked = Object.fromEntries(
    Object.entries(params as Record<string, unknown>).map(([key, value]) => {
      // Lines of text (a receipt): each kept on its own line, and on one line.
      if (Array.isArray(value)) return [key, value.map((line: unknown) => (typeof line === 'string' ? oneLine(line) : line))];
      if (typeof value !== 'string') return [key, value];
      const clean = oneLine(value);
      if (quoted.has(key)) return [key, `${QUOTE}${clean}${END}`];
      if (isLinkKey(key)) return [key, `${LINK}${clean}${END}`];
      return [key, clean];
    }),
  ) as P;
  const plain = (text: string, quote: boolean) =>
    text.replace(/\uE000([LQ])([^\uE001]*)\uE001/g, (_all, kind: string, value: string) => (kind === 'Q' && quote ? `“${value}”` : value));
  // The subject is one line of its own; names in it stay as they are (and on one line).
  const subject = plain(template.subject[lang](marked), false);
  const body = template.body[lang](marked);
  const text = plain(body, true);
  const paragraphs = body
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${toHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">${paragraphs}</body></html>`;
  return { kind: template.kind, to, subject, text, html };
}

/** Escapes a paragraph; marked links become anchors, marked user text a visibly quoted span. */
function toHtml(paragraph: string): string {
  let html = '';
  let last = 0;
  for (const match of paragraph.matchAll(/\uE000([LQ])([^\uE001]*)\uE001/g)) {
    html += escapeHtml(paragraph.slice(last, match.index));
    const value = escapeHtml(match[2]!);
    html += match[1] === 'L' && /^https?:\/\//.test(match[2]!) ? `<a href="${value}">${value}</a>` : match[1] === 'Q' ? `“<span>${value}</span>”` : value;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(paragraph.slice(last));
}
