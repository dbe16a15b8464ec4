/**
 * At start: the data encryption key (DATA_ENCRYPTION_KEY, else the key file in DATA_DIR, made at
 * the first start), and every encrypted column sealed with it: values written before encryption,
 * or with an old key (DATA_ENCRYPTION_OLD_KEYS), are encrypted again. A database holding values no
 * configured key opens does not start.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { configureDataKeys, currentKeyId, isSealed, keyIdOfSealed, parseDataKey, seal, unseal } from '../lib/data-crypto.js';
import { StartupError } from '../lib/data-dir.js';
import type { Db } from './client.js';

/** The columns stored encrypted (schema.ts, encryptedText). */
export const encryptedColumns = [
  { table: 'payout_details', column: 'pan' },
  { table: 'payout_details', column: 'account_number' },
  { table: 'payout_requests', column: 'details' },
  { table: 'payout_lines', column: 'details' },
  { table: 'payout_lines', column: 'pan' },
  { table: 'tds_deductions', column: 'pan' },
] as const;

export function dataKeyFile(dataDir: string): string {
  return path.join(dataDir, 'data-encryption.key');
}

function storedValues(db: Db): { table: string; column: string; rowid: number; value: string }[] {
  const found: { table: string; column: string; rowid: number; value: string }[] = [];
  for (const { table, column } of encryptedColumns) {
    // `rowid as rowid`: a table whose integer primary key is named (payout_details.user_id) answers plain `rowid` under that name.
    const rows = db.$client.prepare(`select rowid as rowid, "${column}" as value from "${table}" where "${column}" is not null`).all() as {
      rowid: number;
      value: string;
    }[];
    for (const row of rows) found.push({ table, column, ...row });
  }
  return found;
}

/** Sets this process's keys from the settings (or the key file) and seals every value that needs it. */
export function prepareDataKeys(db: Db, settings: { dataDir: string; key: Buffer | null; oldKeys: Buffer[] }, log: FastifyBaseLogger): void {
  const stored = storedValues(db);
  let key = settings.key;
  if (!key) {
    const file = dataKeyFile(settings.dataDir);
    if (existsSync(file)) {
      key = parseDataKey(readFileSync(file, 'utf8'));
      if (!key) throw new StartupError(`${file} does not hold a data encryption key (32 bytes, base64 or hex).`);
    } else if (stored.some((row) => isSealed(row.value))) {
      throw new StartupError(
        'DATA_ENCRYPTION_KEY: expected the key that encrypted the stored PANs and bank account numbers (they cannot be read without it). Set it, or put its key file back in DATA_DIR.',
      );
    } else {
      key = randomBytes(32);
      writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
      log.warn(
        `A data encryption key was made at ${file}: PANs and bank account numbers are encrypted with it. Keep a copy apart from the backups (or set DATA_ENCRYPTION_KEY); without it they cannot be read.`,
      );
    }
  }
  configureDataKeys({ current: key, old: settings.oldKeys });
  const currentId = currentKeyId();
  const stale = stored.filter((row) => keyIdOfSealed(row.value) !== currentId);
  if (stale.length === 0) return;
  db.transaction(() => {
    for (const row of stale) {
      let plain: string;
      try {
        plain = unseal(row.value);
      } catch {
        throw new StartupError(
          `DATA_ENCRYPTION_KEY: the key ${keyIdOfSealed(row.value)} that encrypted ${row.table}.${row.column} is not configured. Set it as DATA_ENCRYPTION_KEY, or list it in DATA_ENCRYPTION_OLD_KEYS.`,
        );
      }
      db.$client.prepare(`update "${row.table}" set "${row.column}" = ? where rowid = ?`).run(seal(plain), row.rowid);
    }
  });
  log.info({ sealed: stale.length }, 'personal data sealed with the current data encryption key');
}
