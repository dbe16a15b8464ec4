import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase, type Db } from '../db/client.js';
import { certificates, notifications, payoutDetails, payoutLines, type UserRow } from '../db/schema.js';
import { createPackage, createUser, insertPendingOrder } from '../../test/factories.js';
import { createNotifier } from '../features/notifications/notifier.service.js';
import { recordWhatsAppConsent } from '../features/whatsapp/whatsapp.service.js';
import { createDomainEvents, type DomainEvent, type DomainEvents } from '../lib/domain-events.js';
import type { NotificationChannel } from '../lib/notification-channel.js';
import { registerEventConsequences } from './consequences.js';
import { renderEmail } from '../lib/mailer.js';
import { partsRefundDueAdminEmail } from '../features/orders/orders.emails.js';

/**
 * Each event's handlers write the outbox rows of the messages it tells, in the event's
 * transaction: committed with it, rolled back with it, and on WhatsApp (its email held as the
 * fallback) only for a learner who chose WhatsApp and only for the kinds WhatsApp carries.
 */
const config = loadConfig({ DATA_DIR: '/tmp/unused', UPI_ID: 'shop@okaxis', LOG_LEVEL: 'silent' });
const AT = Date.parse('2027-01-10T10:00:00+05:30');

/** A channel that is set up but never runs: these tests look at the rows, not at delivery. */
const idle = (name: 'email' | 'whatsapp'): NotificationChannel => ({ name, deliver: async () => ({ providerMessageId: null }) });

let db: Db;
let events: DomainEvents;
let chose: UserRow;
let emailOnly: UserRow;

beforeEach(async () => {
  db = openDatabase(':memory:');
  const notifier = createNotifier({
    db,
    now: () => AT,
    log: pino({ level: 'silent' }),
    channels: { email: idle('email'), whatsapp: idle('whatsapp') },
    maxAttempts: 1,
    baseDelayMs: 1,
  });
  events = createDomainEvents();
  registerEventConsequences(events, { config, notifier });
  chose = await createUser(db, { lang: 'mr' });
  db.transaction((tx) => recordWhatsAppConsent(tx, { userId: chose.id, phone: '9876511111', via: 'register' }));
  emailOnly = await createUser(db, { lang: 'en' });
});

/** Each event of a person, and the kinds of message it writes for them: [channel, kind, when due]. */
type Case = { name: string; event: (person: UserRow, other: UserRow) => DomainEvent; whatsapp: string | null; email: string; other?: string };

function paidLine(person: UserRow) {
  return db
    .insert(payoutLines)
    .values({ userId: person.id, status: 'paid', grossPaise: 5_000_00, tdsPaise: 100_00, netPaise: 4_900_00, fixedAt: AT, utr: 'UTR998877', createdAt: AT })
    .returning()
    .get();
}

function certificateOf(person: UserRow) {
  const pkg = createPackage(db, { name: 'Share Market' });
  return db
    .insert(certificates)
    .values({ number: `MS-${person.id}-AAAA-BBBB`, userId: person.id, packageId: pkg.id, name: person.name, packageName: pkg.name, issuedAt: AT })
    .returning()
    .get();
}

/** An order of the person's the gateway paid in full after a UPI part of ₹899 had come: that part to send back. */
function partsPaidTwice(person: UserRow) {
  const order = insertPendingOrder(db, {
    buyer: person,
    pkg: createPackage(db, { name: 'Share Market', pricePaise: 999_00 }),
    utr: `8123456${person.id}`.padEnd(12, '0'),
    referrerId: null,
    at: AT,
  });
  return {
    order: { ...order, status: 'approved' as const, paymentMethod: 'gateway' as const, gatewayPaymentId: 'pay_1' },
    parts: [{ utr: order.utr!, amountPaise: 899_00 }],
    amountPaise: 899_00,
  };
}

const reversal = (person: UserRow, sponsor: UserRow) => ({
  orderId: 4100 + person.id,
  buyerId: person.id,
  packageName: 'Share Market',
  utr: '123456789012',
  reason: 'Fake UTR',
  commissionPaise: 200_00,
  sponsorId: sponsor.id,
  creditNote: null,
});

const cases: Case[] = [
  {
    name: 'order-reversed',
    event: (person, sponsor) => ({ type: 'order-reversed', reversal: reversal(person, sponsor), at: AT }),
    whatsapp: null,
    email: 'order-reversed-buyer',
    other: 'commission-reversed',
  },
  {
    name: 'order-refunded',
    event: (person, sponsor) => ({
      type: 'order-refunded',
      reversal: reversal(person, sponsor),
      refund: { gatewayPaymentId: 'pay_1', amountPaise: 999_00 },
      at: AT,
    }),
    whatsapp: null,
    email: 'order-reversed-buyer',
    other: 'commission-reversed',
  },
  { name: 'payout-paid', event: (person) => ({ type: 'payout-paid', line: paidLine(person), at: AT }), whatsapp: 'payout-paid', email: 'payout-paid' },
  {
    name: 'payout-failed',
    event: (person) => ({ type: 'payout-failed', line: { ...paidLine(person), status: 'failed' }, reason: 'Account closed', at: AT }),
    whatsapp: null,
    email: 'payout-failed',
  },
  {
    name: 'payout-details-changed',
    event: (person) => ({
      type: 'payout-details-changed',
      details: db.insert(payoutDetails).values({ userId: person.id, method: 'upi', upiId: 'asha@okaxis', updatedAt: AT }).returning().get(),
      at: AT,
    }),
    // Never on WhatsApp: a stolen session could have just chosen it.
    whatsapp: null,
    email: 'details-changed',
  },
  {
    name: 'certificate-issued',
    event: (person) => ({ type: 'certificate-issued', certificate: certificateOf(person), at: AT }),
    whatsapp: 'certificate-issued',
    email: 'certificate-issued',
  },
  {
    name: 'certificate-revoked',
    event: (person) => ({ type: 'certificate-revoked', certificate: certificateOf(person), reason: 'Shared the account', at: AT }),
    whatsapp: null,
    email: 'certificate-revoked',
  },
  {
    name: 'certificate-restored',
    event: (person) => ({ type: 'certificate-restored', certificate: certificateOf(person), reason: 'Mistake', at: AT }),
    whatsapp: null,
    email: 'certificate-restored',
  },
  {
    name: 'certificate-name-corrected',
    event: (person) => ({ type: 'certificate-name-corrected', userId: person.id, name: 'आशा पवार', reason: 'Typo', at: AT }),
    whatsapp: null,
    email: 'certificate-name-corrected',
  },
  {
    name: 'order-parts-refund-due',
    event: (person) => ({ type: 'order-parts-refund-due', ...partsPaidTwice(person), at: AT }),
    whatsapp: 'parts-refund-due',
    email: 'parts-refund-due',
  },
  {
    name: 'order-parts-refunded',
    event: (person) => ({ type: 'order-parts-refunded', ...partsPaidTwice(person), at: AT }),
    whatsapp: 'parts-refunded',
    email: 'parts-refunded',
  },
  {
    name: 'lectures-unlocked',
    event: (person) => ({
      type: 'lectures-unlocked',
      userId: person.id,
      packageId: createPackage(db, { name: 'Share Market' }).id,
      lectures: [{ lectureId: 1, index: 1, title: 'Charts' }],
      nextOpensAt: AT + 7 * 86_400_000,
      at: AT,
    }),
    whatsapp: 'lecture-opened',
    email: 'lecture-opened',
  },
];

const rowsOf = (userId: number) =>
  db
    .select({
      channel: notifications.channel,
      kind: notifications.kind,
      held: notifications.nextAttemptAt,
      lang: notifications.lang,
      payload: notifications.payload,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.channel)
    .all()
    .map((row) => ({ channel: row.channel, kind: row.kind, due: row.held === AT ? 'now' : 'held', lang: row.lang }));

describe.each(cases)('the $name event', ({ event, whatsapp, email, other }) => {
  it('writes its messages in its transaction: on WhatsApp (the email held) for the learner who chose it, kinds WhatsApp carries only', () => {
    db.transaction((tx) => events.publish(tx, event(chose, emailOnly)));
    expect(rowsOf(chose.id)).toEqual(
      whatsapp
        ? [
            { channel: 'email', kind: email, due: 'held', lang: 'mr' },
            { channel: 'whatsapp', kind: whatsapp, due: 'now', lang: 'mr' },
          ]
        : [{ channel: 'email', kind: email, due: 'now', lang: 'mr' }],
    );
    // The other person of the event (a reversal's sponsor) is told by email: they did not choose WhatsApp.
    expect(rowsOf(emailOnly.id)).toEqual(other ? [{ channel: 'email', kind: other, due: 'now', lang: 'en' }] : []);
  });

  it('emails a learner who did not choose WhatsApp', () => {
    db.transaction((tx) => events.publish(tx, event(emailOnly, chose)));
    expect(rowsOf(emailOnly.id)).toEqual([{ channel: 'email', kind: email, due: 'now', lang: 'en' }]);
  });

  it('leaves no message when its transaction fails after it was published', () => {
    expect(() =>
      db.transaction((tx) => {
        events.publish(tx, event(chose, emailOnly));
        throw new Error('the change that published it failed');
      }),
    ).toThrow('the change that published it failed');
    expect(db.select().from(notifications).all()).toEqual([]);
  });
});

describe('the payout-paid event', () => {
  it('tells the gross, the TDS and the net, on WhatsApp and in the held email', () => {
    db.transaction((tx) => events.publish(tx, { type: 'payout-paid', line: paidLine(chose), at: AT }));
    const rows = db.select().from(notifications).where(eq(notifications.userId, chose.id)).orderBy(notifications.channel).all();
    expect(JSON.parse(rows[1]!.payload)).toEqual({ grossPaise: 5_000_00, tdsPaise: 100_00, netPaise: 4_900_00 });
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({ gross: '₹5,000', tds: '₹100', net: '₹4,900', reference: 'UTR998877' });
  });
});

describe('the order-parts-refund-due event', () => {
  it("emails each admin once, in the admin's language, with the order, the learner, the UTRs and the total to send back", async () => {
    const english = await createUser(db, { role: 'admin', lang: 'en' });
    const marathi = await createUser(db, { role: 'superadmin', lang: 'mr' });
    const refund = partsPaidTwice(emailOnly);
    db.transaction((tx) => events.publish(tx, { type: 'order-parts-refund-due', ...refund, at: AT }));
    const mailOf = (admin: UserRow) => {
      const rows = db.select().from(notifications).where(eq(notifications.userId, admin.id)).all();
      expect(rows.map((row) => [row.channel, row.kind, row.lang])).toEqual([['email', 'parts-refund-due-admin', admin.lang]]);
      return renderEmail(partsRefundDueAdminEmail, admin.lang, JSON.parse(rows[0]!.payload), admin.email);
    };
    const en = mailOf(english);
    expect(en.subject).toBe(`Send back ₹899 paid by UPI: Share Market, order #${refund.order.id}, paid in full through the gateway`);
    expect(en.text).toContain(`UTR ${refund.order.utr}: ₹899`);
    expect(en.text).toContain(`“${emailOnly.name}” (“${emailOnly.email}”)`);
    expect(en.text).toContain('(payment pay_1)');
    expect(en.text).toContain('/admin/pending-orders');
    const mr = mailOf(marathi);
    expect(mr.subject).toBe(`UPI ने आलेले ₹899 परत पाठवा: Share Market, ऑर्डर #${refund.order.id}, गेटवेद्वारे पूर्ण भरली`);
    expect(mr.text).toContain(`UTR ${refund.order.utr}: ₹899`);
    expect(mr.text).toContain('बँकेतून परत पाठवले');
  });

  it('gives WhatsApp the package, the order and the amount to send back', () => {
    const refund = partsPaidTwice(chose);
    db.transaction((tx) => events.publish(tx, { type: 'order-parts-refund-due', ...refund, at: AT }));
    const whatsapp = db.select().from(notifications).where(eq(notifications.channel, 'whatsapp')).get()!;
    expect(JSON.parse(whatsapp.payload)).toEqual({ orderId: String(refund.order.id), packageName: 'Share Market', amountPaise: 899_00 });
  });
});
