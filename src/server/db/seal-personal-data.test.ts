import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { callProcedure, trpcData } from '../../test/trpc-http.js';
import { payoutDetailsInput } from '../../shared/payout-details.js';
import { savePayoutDetails } from '../features/payouts/payouts.service.js';
import { projectRoot } from '../http/serve-client.js';
import { databaseFile } from './client.js';
import { dataKeyFile } from './seal-personal-data.js';

const run = promisify(execFile);
const apps: TestApp[] = [];
afterEach(async () => {
  while (apps.length) await apps.pop()!.app.close();
});

async function appOn(dataDir: string, env: Record<string, string> = {}) {
  const t = await startTestApp({ env: { DATA_DIR: dataDir, ...env } });
  apps.push(t);
  return t;
}

const bank = {
  method: 'bank',
  accountHolder: 'ASHA PAWAR',
  accountNumber: '123456789012',
  accountNumberAgain: '123456789012',
  ifsc: 'SBIN0001234',
  pan: 'ABCDE1234F',
  panName: 'ASHA PAWAR',
};

describe('PANs and bank account numbers at rest', () => {
  it('are stored only encrypted (the database file and its backups hold no PAN or account number), and shown masked', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sealed-'));
    const t = await appOn(dataDir);
    const asha = await createUserWithToken(t.db, { name: 'Asha' });
    savePayoutDetails(t.deps, asha.user.id, payoutDetailsInput.parse(bank));
    const raw = t.db.$client.prepare('select pan, account_number as account from payout_details where user_id = ?').get(asha.user.id) as {
      pan: string;
      account: string;
    };
    expect(raw.pan).toMatch(/^enc1:/);
    expect(raw.account).toMatch(/^enc1:/);
    const shown = trpcData((await callProcedure(t.url, 'payouts.mine', 'query', undefined, { token: asha.token })).body).details;
    expect(JSON.stringify(shown)).not.toContain('ABCDE1234F');
    expect(JSON.stringify(shown)).not.toContain('123456789012');

    t.db.$client.pragma('wal_checkpoint(TRUNCATE)');
    const backup = path.join(dataDir, 'backup.db');
    await run(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', backup], { cwd: projectRoot, env: { ...process.env, DATA_DIR: dataDir } });
    for (const file of [databaseFile(dataDir), backup]) {
      const bytes = readFileSync(file);
      expect(bytes.includes('ABCDE1234F'), file).toBe(false);
      expect(bytes.includes('123456789012'), file).toBe(false);
    }
    // The key was made at the first start, readable by its owner only, beside (not inside) the database.
    expect(statSync(dataKeyFile(dataDir)).mode & 0o777).toBe(0o600);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seal values stored before encryption at the next start; refuse to start without the key that sealed them; move to a new key with the old one', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sealed-'));
    const first = await appOn(dataDir);
    const asha = await createUserWithToken(first.db);
    savePayoutDetails(first.deps, asha.user.id, payoutDetailsInput.parse(bank));
    // A PAN written before encryption existed.
    first.db.$client.prepare("update payout_details set pan = 'PQRST6789Z' where user_id = ?").run(asha.user.id);
    await apps.pop()!.app.close();

    const oldKey = readFileSync(dataKeyFile(dataDir), 'utf8').trim();
    const second = await appOn(dataDir);
    expect((second.db.$client.prepare('select pan from payout_details').get() as { pan: string }).pan).toMatch(/^enc1:/);
    await apps.pop()!.app.close();

    // The key file lost: the server does not start, and says which setting.
    await rm(dataKeyFile(dataDir));
    await expect(startTestApp({ env: { DATA_DIR: dataDir } })).rejects.toThrow(/DATA_ENCRYPTION_KEY: expected the key/);

    // A new key, with the old one still readable: everything is sealed again with the new one.
    const newKey = randomBytes(32).toString('base64');
    const third = await appOn(dataDir, { DATA_ENCRYPTION_KEY: newKey, DATA_ENCRYPTION_OLD_KEYS: oldKey });
    const details = trpcData((await callProcedure(third.url, 'payouts.mine', 'query', undefined, { token: (await createUserWithToken(third.db)).token })).body);
    expect(details).toBeDefined();
    await apps.pop()!.app.close();
    const after = new Database(databaseFile(dataDir), { readonly: true });
    const sealed = after.prepare('select pan from payout_details').get() as { pan: string };
    after.close();
    expect(sealed.pan.split(':')[1]).not.toBe(oldKey.slice(0, 8));
    // ...and from then on the new key alone opens it.
    const fourth = await appOn(dataDir, { DATA_ENCRYPTION_KEY: newKey });
    expect(fourth.db.$client.prepare('select count(*) as n from payout_details').get()).toEqual({ n: 1 });
    expect(existsSync(dataKeyFile(dataDir))).toBe(false);
    await rm(dataDir, { recursive: true, force: true });
  });
});
