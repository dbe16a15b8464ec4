import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { callProcedure } from '../../../test/trpc-http.js';
import { auditLog } from '../../db/schema.js';
import { READ_AGAIN_WITHIN_MS } from './audit.service.js';

let t: TestApp;
let clock = Date.parse('2026-11-27T10:00:00+05:30');

beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
});
afterAll(() => t.close());

const entriesOf = (action: string, actorId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)))
    .all();

describe('reads that show personal data in bulk', () => {
  it('are each audited (issue 38, item 3)', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const reads: [string, unknown][] = [
      ['orders.pending', undefined],
      ['orders.decided', undefined],
      ['receipts.list', { from: '2026-11-01', to: '2026-11-30' }],
      ['payments.alerts', undefined],
      ['privacy.erasures', undefined],
      ['discounts.sharedPlacements', undefined],
      ['admin.users', undefined],
      ['payouts.batches', undefined],
    ];
    for (const [path, input] of reads) {
      const answer = await callProcedure(t.url, path, 'query', input, { token: admin.token });
      expect(answer.status, path).toBe(200);
      expect(entriesOf(path, admin.user.id), path).toHaveLength(1);
    }
  });

  it('are one entry while the same admin reads the same list again within the hour, and a new one after', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const pending = () => callProcedure(t.url, 'orders.pending', 'query', undefined, { token: admin.token });
    await pending();
    clock += 20_000;
    await pending();
    await pending();
    expect(entriesOf('orders.pending', admin.user.id)).toHaveLength(1);
    // Another input is another disclosure.
    await callProcedure(t.url, 'orders.pending', 'query', { search: 'Asha' }, { token: admin.token });
    expect(entriesOf('orders.pending', admin.user.id)).toHaveLength(2);
    clock += READ_AGAIN_WITHIN_MS;
    await pending();
    expect(entriesOf('orders.pending', admin.user.id)).toHaveLength(3);
  });
});
