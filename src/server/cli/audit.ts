/**
 * `npm run audit -- --verify`: walks the log's hash chain (features/audit/audit-chain.ts) and says
 * where it breaks, exiting 1 then.
 * `npm run audit -- --from YYYY-MM-DD --to YYYY-MM-DD [--actor EMAIL] [--action NAME] [--accounts]`:
 * the audit log of a period (IST days, both included), or with --accounts the accounts its
 * actions touched (for a breach notice: docs/if-data-leaks.md). Reads only; works beside a
 * running server.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { databaseFile, openDatabase } from '../db/client.js';
import { accountsTouched, auditEntries, verifyChain } from '../features/audit/audit.service.js';
import { sql } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { DAY_MS, formatIstDateTime, istDateStart } from '../../shared/ist.js';

const usage = 'Usage: npm run audit -- --from YYYY-MM-DD --to YYYY-MM-DD [--actor EMAIL] [--action NAME] [--accounts], or npm run audit -- --verify';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    actor: { type: 'string' },
    action: { type: 'string' },
    accounts: { type: 'boolean', default: false },
    verify: { type: 'boolean', default: false },
  },
});

if (values.verify) {
  let chainDb: ReturnType<typeof openDatabase>;
  try {
    chainDb = openDatabase(databaseFile(loadConfig().dataDir));
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const report = verifyChain(chainDb);
  chainDb.$client.close();
  if (report.brokenAt) fail(`The audit log's chain breaks at entry ${report.brokenAt.id}: ${report.brokenAt.reason}.`);
  console.log(`The audit log's chain holds: ${report.entries} entries, ${report.erased} with their detail erased.`);
  process.exit(0);
}
const day = /^\d{4}-\d{2}-\d{2}$/;
if (!values.from || !values.to || !day.test(values.from) || !day.test(values.to)) fail(usage);
const from = istDateStart(values.from);
const to = istDateStart(values.to) + DAY_MS;
if (!(from < to)) fail(`--from must be on or before --to. ${usage}`);

let db: ReturnType<typeof openDatabase>;
try {
  db = openDatabase(databaseFile(loadConfig().dataDir));
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
let actorId: number | undefined;
if (values.actor) {
  // A deleted admin's actions count too: found by email whether or not the account is still active.
  const actor = db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${values.actor})`).get();
  if (!actor) fail(`No account has the email ${values.actor}.`);
  actorId = actor.id;
}

if (values.accounts) {
  const touched = accountsTouched(db, { from, to, actorId });
  console.log(`${touched.length} accounts touched from ${values.from} to ${values.to} (IST)${values.actor ? ` by ${values.actor}` : ''}:`);
  console.log('user id\tactions\temail\tname');
  for (const account of touched) console.log(`${account.userId}\t${account.actions}\t${account.email}\t${account.name}`);
} else {
  let page = 1;
  for (;;) {
    const found = auditEntries(db, { from, to, actorId, action: values.action, page });
    for (const { entry, actorEmail } of found.rows) {
      console.log(
        `${formatIstDateTime(entry.at)} IST\t${actorEmail ?? 'system'}\t${entry.action}\t${entry.targetType ?? ''}${entry.targetId ? ` ${entry.targetId}` : ''}\t${entry.detail ?? ''}`,
      );
    }
    if (page * found.pageSize >= found.total) break;
    page += 1;
  }
}
db.$client.close();
