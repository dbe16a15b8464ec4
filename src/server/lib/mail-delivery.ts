import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

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
  // nodemailer is loaded with the first message, not at start: the server's own thread only
  // delivers should the mail worker stop (lib/mail-thread.ts), and it weighs some 5 MB of heap.
  let transport: Promise<Transporter> | null = null;
  const transportNow = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  return {
    async deliver(message) {
      const { kind: _kind, ...email } = message;
      const info = await (await transportNow()).sendMail({ from, ...email });
      if (smtpUrl) return { file: null };
      // Emails hold codes and reset links: readable by the server's user only.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, (info as { message: Buffer }).message, { mode: 0o600 });
      return { file };
    },
    async close() {
      await transport?.then((opened) => opened.close());
    },
  };
}

/** The outbox folder of a data folder. */
export const outboxDirOf = (dataDir: string) => path.join(dataDir, 'outbox');

/**
 * Deletes the outbox's emails to an address (an erased person's): each .eml whose To header
 * names it. Answers how many went.
 */
export async function deleteOutboxMailTo(outboxDir: string, address: string): Promise<number> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  const wanted = address.toLowerCase();
  let deleted = 0;
  for (const name of names.filter((found) => found.endsWith('.eml'))) {
    const file = path.join(outboxDir, name);
    const text = await readFile(file, 'utf8').catch(() => '');
    const headers = text.split(/\r?\n\r?\n/, 1)[0] ?? '';
    const to = headers.match(/^To:(.*(?:\r?\n[ \t].*)*)/im)?.[1] ?? '';
    if (to.toLowerCase().includes(wanted)) {
      await rm(file, { force: true });
      deleted += 1;
    }
  }
  return deleted;
}
