import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUserWithToken } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { callProcedure } from '../../test/trpc-http.js';
import { placeOrder } from '../features/orders/checkout.service.js';
import { chainAuditLog } from '../features/audit/audit.service.js';
import { auditLog, users } from '../db/schema.js';
import { desc, eq } from 'drizzle-orm';
import { projectRoot } from '../http/serve-client.js';

const run = promisify(execFile);
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const today = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

describe('npm run audit', () => {
  it("lists a period's admin actions, and the accounts an admin's actions touched", async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin', email: 'meena.audit@example.com' });
    const buyer = await createUserWithToken(t.db, { name: 'Kiran Touched', email: 'kiran.touched@example.com' });
    const order = placeOrder(t.deps, buyer.user.id, { name: 'Kiran', email: buyer.user.email, packageId: createPackage(t.db).id, utr: '612300000001' });
    await callProcedure(t.url, 'orders.decide', 'mutation', { orderId: String(order.id), action: 'approve' }, { token: admin.token });
    const env = { ...process.env, DATA_DIR: t.dataDir };

    const log = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/audit.ts', '--from', today(), '--to', today()], { cwd: projectRoot, env });
    expect(log.stdout).toMatch(new RegExp(`meena\\.audit@example\\.com\\torders\\.decide\\torder ${order.id}\\t`));

    const touched = await run(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/audit.ts', '--from', today(), '--to', today(), '--actor', 'meena.audit@example.com', '--accounts'],
      {
        cwd: projectRoot,
        env,
      },
    );
    expect(touched.stdout).toContain('1 accounts touched');
    expect(touched.stdout).toContain(`${buyer.user.id}\t1\tkiran.touched@example.com\tKiran Touched`);
  });

  it('is append-only even to INSERT OR REPLACE, keeps ids and no emails, and --verify finds where the chain breaks', async () => {
    const env = { ...process.env, DATA_DIR: t.dataDir };
    const verify = () =>
      run(process.execPath, ['--import', 'tsx', 'src/server/cli/audit.ts', '--verify'], { cwd: projectRoot, env }).catch(
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const admin = await createUserWithToken(t.db, { role: 'admin', email: 'ravi.audit@example.com' });
    const affiliate = await createUserWithToken(t.db, { name: 'Sunita Paid', email: 'sunita.paid@example.com' });
    t.db.update(users).set({ earnedPaise: 500_00 }).where(eq(users.id, affiliate.user.id)).run();
    await callProcedure(t.url, 'affiliate.pay', 'mutation', { email: 'sunita.paid@example.com', amount: 100 }, { token: admin.token });
    const paid = t.db.select().from(auditLog).where(eq(auditLog.action, 'affiliate.pay')).get()!;
    expect(paid).toMatchObject({ targetType: 'user', targetId: String(affiliate.user.id) });
    expect(JSON.stringify(paid)).not.toContain('sunita.paid@example.com');

    // An entry written before the chain (an email as its target) is kept as ids and chained at start.
    t.db
      .insert(auditLog)
      .values({
        at: Date.now(),
        actorId: admin.user.id,
        action: 'affiliate.pay',
        targetType: 'email',
        targetId: 'sunita.paid@example.com',
        detail: '{"email":"sunita.paid@example.com","amount":5}',
      })
      .run();
    chainAuditLog(t.db);
    const legacy = t.db.select().from(auditLog).orderBy(desc(auditLog.id)).get()!;
    expect(legacy).toMatchObject({
      targetType: 'user',
      targetId: String(affiliate.user.id),
      detail: `{"userId":${affiliate.user.id},"email":"[kept out]","amount":5}`,
    });
    expect((await verify()).stdout).toMatch(/chain holds: \d+ entries/);

    // REPLACE deletes the old row without a delete trigger: the insert itself is refused.
    const replace = t.db.$client.prepare(
      "insert or replace into audit_log (id, at, actor_id, action, target_type, target_id, detail) values (?, 1, null, 'orders.decide', 'order', '1', '{}')",
    );
    expect(() => replace.run(paid.id)).toThrow(/append-only/);
    expect(t.db.select().from(auditLog).where(eq(auditLog.id, paid.id)).get()).toEqual(paid);
    expect(() => t.db.update(auditLog).set({ detail: '{"amount":1}' }).where(eq(auditLog.id, paid.id)).run()).toThrow(/append-only/);

    // Someone with the file drops the triggers and rewrites an entry: the chain says which.
    t.db.$client.exec('drop trigger audit_log_no_update');
    t.db.$client.prepare('update audit_log set detail = \'{"amount":1}\' where id = ?').run(paid.id);
    const broken = await verify();
    expect(broken).toMatchObject({ code: 1, stderr: expect.stringContaining(`breaks at entry ${paid.id}`) });
  });

  it('explains what it needs', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/audit.ts'], { cwd: projectRoot }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining('Usage: npm run audit') });
  });
});
