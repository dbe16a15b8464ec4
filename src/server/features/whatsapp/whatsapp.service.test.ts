import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsAppEnv } from '../../../test/fake-graph-api.js';
import { createUserWithToken } from '../../../test/factories.js';
import { startTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { channelConsents, notifications, users } from '../../db/schema.js';
import { whatsAppMonthlyReport } from './whatsapp.service.js';

let t: TestApp;
const clock = testClock(Date.UTC(2026, 10, 20, 6, 0, 0));

beforeAll(async () => {
  t = await startTestApp({ env: { ...whatsAppEnv('http://127.0.0.1:9'), WHATSAPP_MESSAGE_PRICE_PAISE: '11.5' }, now: clock.now });
});
afterAll(() => t.close());

const call = (token: string | null, path: string, type: 'query' | 'mutation', input?: unknown) => callProcedure(t.url, path, type, input, { token });
const errorCode = (body: unknown) => (body as { error?: { data?: { appCode?: string }; json?: { data?: { appCode?: string } } } }).error;

describe('the profile’s WhatsApp choice', () => {
  it('turns on with a number and the ticked consent, and off again, recording each change', async () => {
    const { user, token } = await createUserWithToken(t.db);
    expect(trpcData((await call(token, 'whatsapp.choice', 'query')).body)).toEqual({ available: true, phone: null, optedInAt: null });

    const unticked = await call(token, 'whatsapp.setChoice', 'mutation', { on: true, phone: '98765 43210', consent: false });
    expect(unticked.status).toBe(400);
    expect(JSON.stringify(errorCode(unticked.body))).toContain('WHATSAPP_CONSENT_REQUIRED');
    expect((await call(token, 'whatsapp.setChoice', 'mutation', { on: true, phone: '12345', consent: true })).status).toBe(400);

    const on = await call(token, 'whatsapp.setChoice', 'mutation', { on: true, phone: '+91 98765 43210', consent: true });
    expect(trpcData(on.body)).toEqual({ available: true, phone: '9876543210', optedInAt: clock.now() });
    // The same number again changes nothing; another number is a new consent.
    await call(token, 'whatsapp.setChoice', 'mutation', { on: true, phone: '9876543210', consent: true });
    await call(token, 'whatsapp.setChoice', 'mutation', { on: true, phone: '9123456780', consent: true });
    const off = await call(token, 'whatsapp.setChoice', 'mutation', { on: false });
    expect(trpcData(off.body)).toEqual({ available: true, phone: null, optedInAt: null });

    expect(t.db.select().from(users).where(eq(users.id, user.id)).get()).toMatchObject({ whatsappPhone: null, whatsappOptInAt: null });
    const rows = t.db.select().from(channelConsents).where(eq(channelConsents.userId, user.id)).all();
    expect(rows.map((row) => [row.action, row.via, row.phone])).toEqual([
      ['given', 'profile', '9876543210'],
      ['given', 'profile', '9123456780'],
      ['withdrawn', 'profile', '9123456780'],
    ]);
  });

  it('cannot be turned on while WhatsApp is not set up', async () => {
    const off = await startTestApp();
    try {
      const { token } = await createUserWithToken(off.db);
      expect(trpcData((await callProcedure(off.url, 'whatsapp.choice', 'query', undefined, { token })).body)).toMatchObject({ available: false });
      const refused = await callProcedure(off.url, 'whatsapp.setChoice', 'mutation', { on: true, phone: '9876543210', consent: true }, { token });
      expect(refused.status).toBe(412);
    } finally {
      await off.close();
    }
  });
});

describe("the admin's WhatsApp report", () => {
  function sent(kind: string, sentAt: number, channel: 'whatsapp' | 'email' = 'whatsapp', status: 'sent' | 'failed' = 'sent') {
    t.db
      .insert(notifications)
      .values({
        eventKey: `${kind}:${Math.random()}`,
        recipient: 'user:1',
        channel,
        kind,
        lang: 'mr',
        payload: '{}',
        status,
        nextAttemptAt: sentAt,
        createdAt: sentAt,
        sentAt: status === 'sent' ? sentAt : null,
      })
      .run();
  }

  it('counts messages sent on WhatsApp per IST month and kind, with their cost at the per-message price', async () => {
    // 31 October 2026, 19:00 UTC is 1 November 00:30 in India: November's.
    sent('order-approved', Date.UTC(2026, 9, 31, 19, 0));
    sent('order-approved', Date.UTC(2026, 10, 10, 8, 0));
    sent('payout-paid', Date.UTC(2026, 10, 12, 8, 0));
    // 31 October 18:00 UTC is 23:30 in India: October's.
    sent('order-approved', Date.UTC(2026, 9, 31, 18, 0));
    // Neither an email nor a message that never went counts.
    sent('order-approved', Date.UTC(2026, 10, 10, 8, 0), 'email');
    sent('order-approved', Date.UTC(2026, 10, 10, 8, 0), 'whatsapp', 'failed');

    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const report = trpcData((await call(admin.token, 'whatsapp.report', 'query')).body);
    expect(report.enabled).toBe(true);
    expect(report.priceCentipaise).toBe(1150);
    expect(report.months).toEqual([
      {
        monthStart: Date.UTC(2026, 9, 31, 18, 30),
        byKind: [
          { kind: 'order-approved', messages: 2, costPaise: 23 },
          { kind: 'payout-paid', messages: 1, costPaise: 12 },
        ],
        messages: 3,
        costPaise: 35,
      },
      { monthStart: Date.UTC(2026, 8, 30, 18, 30), byKind: [{ kind: 'order-approved', messages: 1, costPaise: 12 }], messages: 1, costPaise: 12 },
    ]);
  });

  it('leaves out months older than asked', () => {
    expect(whatsAppMonthlyReport(t.db, 1150, { now: clock.now(), months: 1 }).map((month) => month.monthStart)).toEqual([Date.UTC(2026, 9, 31, 18, 30)]);
  });
});
