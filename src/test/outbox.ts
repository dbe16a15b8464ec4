import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export type OutboxMessage = { file: string; to: string; subject: string; text: string; html: string };

/** Reads the .eml files the mailer wrote when no SMTP server is set, oldest first. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => {
      const parsed = await simpleParser(await readFile(path.join(dir, name)));
      const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
      return { file: name, to, subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' };
    }),
  );
}

/** Waits for an email to `to` matching `predicate` (emails sent after a commit arrive a moment later). */
export async function waitForEmail(
  outbox: () => Promise<OutboxMessage[]>,
  to: string,
  predicate: (message: OutboxMessage) => boolean = () => true,
  timeoutMs = 5000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outbox()).filter((message) => message.to.toLowerCase().includes(to.toLowerCase()) && predicate(message));
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No email to ${to} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
