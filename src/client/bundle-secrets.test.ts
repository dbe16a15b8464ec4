import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientDist, projectRoot } from '../server/http/serve-client.js';

/**
 * The built web app (made by the test setup) is public: everything in it is readable by anyone.
 * Secrets reach a bundle when server code is imported into the client, when an environment
 * variable is inlined, or through source maps; each of those leaves a trace checked here.
 */

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? builtFiles(full) : [full];
  });
}

/** Settings only the server reads (the public ones, such as the site's name, are filled into the page when served). */
const serverSettings = ['SMTP_URL', 'DATA_DIR', 'MAIL_FROM', 'TRUST_PROXY', 'LOG_LEVEL'];

/** Names that only server code uses: the database, password hashing, mail, stored secrets. */
const serverOnly = [
  'better-sqlite3',
  'drizzle-orm/sqlite',
  'argon2',
  'nodemailer',
  'password_hash',
  'passwordHash',
  'token_hash',
  'tokenHash',
  'otp_hash',
  'otpHash',
  'process.env',
  'BEGIN PRIVATE KEY',
];

describe('the client bundle', () => {
  const files = builtFiles(clientDist);
  const texts = files
    .filter((file) => /\.(js|css|html|json|webmanifest|txt)$/.test(file))
    .map((file) => [path.relative(clientDist, file), readFileSync(file, 'utf8')] as const);

  it('is there to check', () => {
    expect(texts.some(([name]) => name === 'index.html')).toBe(true);
    expect(texts.filter(([name]) => name.endsWith('.js')).length).toBeGreaterThan(3);
    const documented = readFileSync(path.join(projectRoot, '.env.example'), 'utf8');
    for (const name of serverSettings) expect(documented).toContain(`${name}=`);
  });

  it('ships no source maps', () => {
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const [name, text] of texts) expect(text, name).not.toContain('sourceMappingURL');
  });

  it('holds no server code and no setting of the server', () => {
    for (const [name, text] of texts) {
      for (const needle of [...serverOnly, ...serverSettings]) expect(text.includes(needle), `${name} contains ${needle}`).toBe(false);
    }
  });
});
