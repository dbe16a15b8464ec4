import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** `kind` names the template (logged); the rest is the email. */
export type MailMessage = { kind: string; to: string; subject: string; text: string; html: string };

export type MailSettings = { smtpUrl: string | undefined; from: string; outboxDir: string };

/** Where a message went: the outbox file it was written to, or null when an SMTP server took it. */
export type Delivered = { file: string | null };

export type Delivery = {
  deliver(message: MailMessage): Promise<Delivered>;
  close(): Promise<void>;
};

/**
 * Builds each message with nodemailer and hands it over: to the SMTP server of SMTP_URL, or
 * without one to the outbox folder as one .eml file, so a fresh install works with no mail
 * server at all.
 */
export function createDelivery({ smtpUrl, from, outboxDir }: MailSettings): Delivery {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(message) {
      const { kind: _kind, ...email } = message;
      const info = await transport.sendMail({ from, ...email });
      if (smtpUrl) return { file: null };
      // Emails hold codes and reset links: readable by the server's user only.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, (info as { message: Buffer }).message, { mode: 0o600 });
      return { file };
    },
    async close() {
      transport.close();
    },
  };
}
