/**
 * `npm run admin -- create --email E --name N --password P [--phone D] [--superadmin]`
 * Creates an admin, or promotes the account that has this email (keeping its password unless
 * --password is given). Works next to a running server: SQLite waits for the other writer.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { databaseFile, openDatabase } from '../db/client.js';
import { createOrPromoteAdmin } from '../features/auth/accounts.service.js';
import { emailAddress, indianPhone, newPassword, personName } from '../../shared/schemas.js';

const usage = 'Usage: npm run admin -- create --email E --name N --password P [--phone D] [--superadmin]';

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
      phone: { type: 'string' },
      superadmin: { type: 'boolean', default: false },
    },
  });
  if (positionals[0] !== 'create') fail(usage);

  const email = emailAddress.safeParse(values.email);
  if (!email.success) fail(`--email: please give a valid email address.\n${usage}`);
  const name = personName.safeParse(values.name ?? email.data.split('@')[0]);
  if (!name.success) fail(`--name: please give a name.\n${usage}`);
  const password = values.password === undefined ? undefined : newPassword.safeParse(values.password);
  if (password && !password.success) fail('--password: at least 8 characters.');
  const phone = values.phone === undefined ? undefined : indianPhone.safeParse(values.phone);
  if (phone && !phone.success) fail('--phone: a 10-digit Indian phone number.');

  const config = loadConfig();
  const db = openDatabase(databaseFile(config.dataDir));
  try {
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

main().catch((error: unknown) => {
  fail(error instanceof ConfigError ? error.message : `The admin command failed: ${error instanceof Error ? error.message : String(error)}`);
});
