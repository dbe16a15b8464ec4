import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../shared/domain.js';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** Sends without waiting; a failure is logged, never thrown (used after a committed change). */
  sendInBackground(message: MailMessage): void;
  /** Waits for emails still being sent, then closes the connection. */
  close(): Promise<void>;
};

type MailerOptions = { smtpUrl: string | undefined; from: string; outboxDir: string; log: FastifyBaseLogger };

/**
 * With SMTP_URL the messages go to that server. Without it each message is written to the
 * outbox folder as one .eml file, so a fresh install works with no mail server at all.
 */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function send(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from, ...message });
    if (smtpUrl) {
      log.info({ to: message.to, subject: message.subject }, 'email sent');
      return;
    }
    await mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, (info as { message: Buffer }).message);
    log.info({ to: message.to, subject: message.subject, file }, 'email written to the outbox');
  }

  const inFlight = new Set<Promise<void>>();

  return {
    send,
    sendInBackground(message) {
      const sending = send(message)
        .catch((error: unknown) => log.error({ err: error, to: message.to, subject: message.subject }, 'email failed'))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      transport.close();
    },
  };
}

type Localized<P> = { en: (params: P) => string; mr: (params: P) => string };

export type EmailTemplate<P> = { subject: Localized<P>; body: Localized<P> };

/**
 * An email in both languages. The body is plain text with blank lines between paragraphs; the
 * HTML part is made from it, escaped, with bare links made clickable.
 */
export function defineEmail<P>(template: EmailTemplate<P>): EmailTemplate<P> {
  return template;
}

export function renderEmail<P>(template: EmailTemplate<P>, lang: Language, params: P, to: string): MailMessage {
  const subject = template.subject[lang](params);
  const text = template.body[lang](params);
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${linkify(escapeHtml(paragraph)).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">${paragraphs}</body></html>`;
  return { to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
