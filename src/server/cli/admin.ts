/**
 * `npm run admin -- create --email E --name N [--password-file F] [--phone D] [--superadmin]`
 * Creates an admin, or promotes the account that has this email (keeping its password unless one
 * is given). The password of a new admin is asked for at a hidden prompt, or read from
 * --password-file (its first line), or from standard input when that is not a terminal.
 * `--password P` still works for old scripts, with a warning: other users of the machine can read
 * a command line (ps, /proc) and the shell keeps it in its history. Works next to a running server:
 * SQLite waits for the other writer.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { databaseFile, openDatabase } from '../db/client.js';
import { createOrPromoteAdmin, findActiveUserByEmail } from '../features/auth/accounts.service.js';
import { emailAddress, indianPhone, newPassword, personName } from '../../shared/schemas.js';

const usage = 'Usage: npm run admin -- create --email E --name N [--password-file F] [--phone D] [--superadmin]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      'password-file': { type: 'string' },
      phone: { type: 'string' },
      superadmin: { type: 'boolean', default: false },
    },
  });
  if (positionals[0] !== 'create') fail(usage);

  const email = emailAddress.safeParse(values.email);
  if (!email.success) fail(`--email: please give a valid email address.\n${usage}`);
  const name = personName.safeParse(values.name ?? email.data.split('@')[0]);
  if (!name.success) fail(`--name: please give a name.\n${usage}`);
  const phone = values.phone === undefined ? undefined : indianPhone.safeParse(values.phone);
  if (phone && !phone.success) fail('--phone: a 10-digit Indian phone number.');
  if (values.password !== undefined && values['password-file'] !== undefined) fail('Give --password-file or --password, not both.');
  if (values.password !== undefined) {
    console.error(
      'Warning: --password shows the password to other users of this machine (ps) and leaves it in the shell history. Use --password-file, or leave it out to be asked.',
    );
  }

  const config = loadConfig();
  const db = openDatabase(databaseFile(config.dataDir));
  try {
    let given = values.password;
    if (values['password-file'] !== undefined) given = readPasswordFile(values['password-file']);
    // A new admin needs a password: ask for it when none was given.
    if (given === undefined && !findActiveUserByEmail(db, email.data)) given = await askPassword();
    const password = given === undefined ? undefined : newPassword.safeParse(given);
    if (password && !password.success) fail('The password needs at least 8 characters.');
    const { user, created } = await createOrPromoteAdmin(
      db,
      { email: email.data, name: name.data, password: password?.data, phone: phone?.data ?? null, superadmin: values.superadmin },
      Date.now(),
    );
    console.log(`${created ? 'Created' : 'Updated'} ${user.role} ${user.email} (id ${user.id}).`);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  } finally {
    db.$client.close();
  }
}

function readPasswordFile(file: string): string {
  try {
    return readFileSync(file, 'utf8').split(/\r?\n/)[0]!;
  } catch (error) {
    fail(`--password-file: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
}

/** The password from a hidden prompt (typed twice), or the first line of standard input when it is piped. */
async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    fail('A new admin needs a password: type it at the prompt, or give --password-file.');
  }
  const first = await hiddenQuestion('Password for the new admin: ');
  const second = await hiddenQuestion('The same password again: ');
  if (first !== second) fail('The two passwords differ.');
  return first;
}

function hiddenQuestion(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const reader = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    reader.question(prompt, (answer) => {
      reader.close();
      process.stderr.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

main().catch((error: unknown) => {
  fail(error instanceof ConfigError ? error.message : `The admin command failed: ${error instanceof Error ? error.message : String(error)}`);
});
