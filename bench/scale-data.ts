/**
 * Fills a database with a business's worth of data for measuring: users in sponsorship trees,
 * packages, orders (mostly approved), enrollments, and an earnings ledger whose commissions all
 * come from approved orders and whose payouts never exceed what was earned. Kept totals are set
 * from the lines, so every promise of the ledger holds.
 *
 *   node --import tsx bench/scale-data.ts DATA_DIR [users] [orders] [ledgerLines]
 */
import argon2 from 'argon2';
import type { Db } from '../src/server/db/client.js';
import { argon2Options } from '../src/server/lib/password.js';
import { hashToken, newToken } from '../src/server/lib/tokens.js';
import { tiers } from '../src/shared/domain.js';
import { istMonthStart, istWeekStart } from '../src/shared/ist.js';

export type ScaleOptions = { users: number; orders: number; ledgerLines: number; now?: number };
export type ScaleResult = {
  ms: number;
  adminToken: string;
  /** Tokens of users who earn (for the earnings and leaderboard reads). */
  earnerTokens: string[];
  earnerIds: number[];
  /** Sponsors with many affiliates (for the affiliate list). */
  sponsorTokens: string[];
  pendingOrderIds: number[];
  counts: { users: number; orders: number; ledger: number; packages: number };
};

const DAY = 24 * 60 * 60 * 1000;
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A small fast PRNG, seeded, so every run builds the same business. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function referralCode(id: number): string {
  let code = '';
  let n = id;
  for (let i = 0; i < 8; i += 1) {
    code = CODE_ALPHABET[n % CODE_ALPHABET.length] + code;
    n = Math.floor(n / CODE_ALPHABET.length);
  }
  return code;
}

export async function fillScaleData(db: Db, options: ScaleOptions): Promise<ScaleResult> {
  const started = performance.now();
  const now = options.now ?? Date.now();
  const rand = random(20261121);
  const sqlite = db.$client;
  const passwordHash = await argon2.hash('bench-password-1', argon2Options);
  // A tenth of the activity falls in the last week and a fifth in the last month, so this week's and
  // this month's leaderboards have real work to do.
  const when = () => {
    const r = rand();
    if (r < 0.1) return now - Math.floor(rand() * 7 * DAY);
    if (r < 0.3) return now - Math.floor(rand() * 30 * DAY);
    return now - Math.floor(rand() * 365 * DAY);
  };

  const insertUser = sqlite.prepare(
    `insert into users (id, name, email, phone, password_hash, role, referral_code, sponsor_id, lang, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPackage = sqlite.prepare(
    `insert into packages (id, name, description, price_paise, tier, commission_paise, created_at) values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertOrder = sqlite.prepare(
    `insert into orders (id, user_id, package_id, amount_paise, utr, referrer_id, status, buyer_name, buyer_email, decided_by, decided_at, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertEnrollment = sqlite.prepare(`insert into enrollments (user_id, package_id, order_id, created_at) values (?, ?, ?, ?)`);
  const insertLine = sqlite.prepare(`insert into ledger (user_id, kind, amount_paise, order_id, created_by, created_at) values (?, ?, ?, ?, ?, ?)`);
  const insertSession = sqlite.prepare(`insert into sessions (user_id, token_hash, created_at, expires_at) values (?, ?, ?, ?)`);

  const packageCount = 50;
  const packages = Array.from({ length: packageCount }, (_, i) => ({
    id: i + 1,
    pricePaise: (999 + Math.floor(rand() * 20) * 500) * 100,
    commissionPaise: rand() < 0.5 ? null : (100 + Math.floor(rand() * 10) * 100) * 100,
  }));
  const sponsorOf = new Int32Array(options.users + 1);

  sqlite.transaction(() => {
    for (const pkg of packages) {
      insertPackage.run(
        pkg.id,
        `Package ${pkg.id}`,
        'A package of lectures.',
        pkg.pricePaise,
        tiers[pkg.id % tiers.length],
        pkg.commissionPaise,
        now - 400 * DAY,
      );
    }
    for (let id = 1; id <= options.users; id += 1) {
      const role = id === 1 ? 'superadmin' : id <= 3 ? 'admin' : 'user';
      // Sponsorship trees: early users recruit many, later ones fewer.
      const sponsor = id > 10 && rand() < 0.8 ? 1 + Math.floor(rand() ** 2 * (id - 1)) : 0;
      sponsorOf[id] = sponsor;
      insertUser.run(
        id,
        `Learner ${id}`,
        `learner${id}@example.com`,
        String(9_000_000_000 + id),
        passwordHash,
        role,
        referralCode(id),
        sponsor || null,
        rand() < 0.6 ? 'mr' : 'en',
        now - 400 * DAY + id,
      );
    }
  })();

  const owned = new Set<number>();
  const approved: { id: number; referrer: number; amount: number; commission: number; at: number }[] = [];
  const pendingOrderIds: number[] = [];
  sqlite.transaction(() => {
    for (let id = 1; id <= options.orders; id += 1) {
      let buyer = 0;
      let pkg = packages[0]!;
      do {
        buyer = 4 + Math.floor(rand() * (options.users - 3));
        pkg = packages[Math.floor(rand() * packageCount)]!;
      } while (owned.has(buyer * 64 + pkg.id));
      owned.add(buyer * 64 + pkg.id);
      const at = when();
      const r = rand();
      const status = r < 0.85 ? 'approved' : r < 0.9 ? 'rejected' : 'pending';
      const referrer = sponsorOf[buyer] || null;
      const decidedAt = status === 'pending' ? null : Math.min(now, at + Math.floor(rand() * DAY));
      insertOrder.run(
        id,
        buyer,
        pkg.id,
        pkg.pricePaise,
        String(100_000_000_000 + id),
        referrer,
        status,
        `Learner ${buyer}`,
        `learner${buyer}@example.com`,
        status === 'pending' ? null : 2,
        decidedAt,
        at,
      );
      if (status === 'approved') {
        insertEnrollment.run(buyer, pkg.id, id, decidedAt);
        if (referrer) {
          const commission = pkg.commissionPaise ?? Math.round(pkg.pricePaise / 10);
          approved.push({ id, referrer, amount: pkg.pricePaise, commission, at: decidedAt! });
        }
      } else if (status === 'pending') {
        pendingOrderIds.push(id);
      }
    }
  })();

  // Commissions from approved orders, then corrections and payouts to reach the number of lines.
  const earned = new Map<number, number>();
  const paid = new Map<number, number>();
  let lines = 0;
  sqlite.transaction(() => {
    for (const order of approved) {
      if (lines >= options.ledgerLines) break;
      insertLine.run(order.referrer, 'commission', order.commission, order.id, null, order.at);
      earned.set(order.referrer, (earned.get(order.referrer) ?? 0) + order.commission);
      lines += 1;
    }
    const earners = [...earned.keys()];
    while (lines < options.ledgerLines && earners.length > 0) {
      const user = earners[Math.floor(rand() * earners.length)]!;
      const owed = (earned.get(user) ?? 0) - (paid.get(user) ?? 0);
      if (rand() < 0.4 || owed < 100) {
        // A small correction upwards (an admin fixing a missed commission).
        const amount = 100 * (1 + Math.floor(rand() * 50));
        insertLine.run(user, 'correction', amount, null, 2, when());
        earned.set(user, (earned.get(user) ?? 0) + amount);
      } else {
        const amount = Math.max(100, Math.floor((owed * rand()) / 200) * 100);
        insertLine.run(user, 'payout', Math.min(amount, owed), null, 2, when());
        paid.set(user, (paid.get(user) ?? 0) + Math.min(amount, owed));
      }
      lines += 1;
    }
    sqlite.exec(`
      update users set
        earned_paise = coalesce((select sum(amount_paise) from ledger where user_id = users.id and kind in ('commission', 'correction')), 0),
        paid_paise = coalesce((select sum(amount_paise) from ledger where user_id = users.id and kind = 'payout'), 0),
        earned_at = (select max(created_at) from ledger where user_id = users.id and kind in ('commission', 'correction'))
    `);
    for (const [prefix, start] of [
      ['week', istWeekStart(now)],
      ['month', istMonthStart(now)],
    ] as const) {
      sqlite.exec(`
        update users set ${prefix}_start = ${start}, ${prefix}_paise = t.total, ${prefix}_at = t.reached
        from (select user_id, sum(amount_paise) as total, max(created_at) as reached from ledger
              where kind in ('commission', 'correction') and created_at >= ${start} group by user_id) t
        where t.user_id = users.id
      `);
    }
  })();

  const session = (userId: number) => {
    const token = newToken();
    insertSession.run(userId, hashToken(token), now, now + 30 * DAY);
    return token;
  };
  const topEarners = sqlite.prepare(`select id from users where earned_paise > 0 order by random() limit 200`).all() as { id: number }[];
  const bigSponsors = sqlite
    .prepare(`select sponsor_id as id from users where sponsor_id is not null group by sponsor_id order by count(*) desc limit 50`)
    .all() as { id: number }[];
  const result = sqlite.transaction(() => ({
    adminToken: session(2),
    earnerTokens: topEarners.map((row) => session(row.id)),
    sponsorTokens: bigSponsors.map((row) => session(row.id)),
  }))();
  sqlite.exec('analyze');

  const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return {
    ms: Math.round(performance.now() - started),
    ...result,
    earnerIds: topEarners.map((row) => row.id),
    pendingOrderIds,
    counts: { users: count('users'), orders: count('orders'), ledger: count('ledger'), packages: count('packages') },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dataDir, users = '100000', orders = '200000', ledgerLines = '1000000'] = process.argv.slice(2);
  if (!dataDir) {
    console.error('Usage: node --import tsx bench/scale-data.ts DATA_DIR [users] [orders] [ledgerLines]');
    process.exit(1);
  }
  const { databaseFile, openDatabase } = await import('../src/server/db/client.js');
  const db = openDatabase(databaseFile(dataDir));
  const result = await fillScaleData(db, { users: Number(users), orders: Number(orders), ledgerLines: Number(ledgerLines) });
  db.$client.close();
  console.log(JSON.stringify({ ms: result.ms, counts: result.counts }));
}
