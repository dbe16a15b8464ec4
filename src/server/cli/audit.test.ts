import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUserWithToken } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { callProcedure } from '../../test/trpc-http.js';
import { placeOrder } from '../features/orders/orders.service.js';
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

  it('explains what it needs', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/audit.ts'], { cwd: projectRoot }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining('Usage: npm run audit') });
  });
});
