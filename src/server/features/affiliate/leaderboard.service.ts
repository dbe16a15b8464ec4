import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { istMonthStart, istWeekStart } from '../../../shared/ist.js';
import { readCache } from '../../lib/read-cache.js';
import { toLeaderboardEntryView, type Leaderboard, type LeaderboardEntry, type LeaderboardView } from './affiliate.views.js';

export const leaderboardPeriods = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];

export const LEADERBOARD_SIZE = 50;

/**
 * Each period ranks on kept totals of the users table, each with its own index: highest total
 * first, a tie to whoever reached it first, then the older account. Only users with earnings in
 * the period who are not deleted rank. Reading the top and one viewer's rank are index ranges.
 */
type Columns = { index: SQL; total: SQL; at: SQL; period: SQL; key: string };

/** The schema's indexes of the users table, by name: a leaderboard index renamed there stops the start. */
const usersIndexes = new Set(getTableConfig(users).indexes.map((index) => index.config.name));

function leaderboardIndex(name: 'users_leaderboard' | 'users_leaderboard_week' | 'users_leaderboard_month'): SQL {
  if (!usersIndexes.has(name)) throw new Error(`The users table has no index ${name}`);
  return sql`${sql.identifier(name)}`;
}

/** The period's cache key (the same as `columns(...).key`), without building any SQL. */
function periodKey(period: LeaderboardPeriod, now: number): string {
  if (period === 'week') return `week:${istWeekStart(now)}`;
  if (period === 'month') return `month:${istMonthStart(now)}`;
  return 'all';
}

function columns(period: LeaderboardPeriod, now: number): Columns {
  if (period === 'week') {
    const start = istWeekStart(now);
    return {
      index: leaderboardIndex('users_leaderboard_week'),
      total: sql`${users.weekPaise}`,
      at: sql`${users.weekAt}`,
      period: sql`${users.weekStart} = ${start}`,
      key: `week:${start}`,
    };
  }
  if (period === 'month') {
    const start = istMonthStart(now);
    return {
      index: leaderboardIndex('users_leaderboard_month'),
      total: sql`${users.monthPaise}`,
      at: sql`${users.monthAt}`,
      period: sql`${users.monthStart} = ${start}`,
      key: `month:${start}`,
    };
  }
  return { index: leaderboardIndex('users_leaderboard'), total: sql`${users.earnedPaise}`, at: sql`${users.earnedAt}`, period: sql`1 = 1`, key: 'all' };
}

/**
 * Both the top of the board and each viewer's rank are kept in memory until earnings change
 * (an approval, a deleted user, a new picture) or the period rolls over.
 */
export function leaderboard(db: Db, period: LeaderboardPeriod, viewerId: number | null, now: number): Leaderboard {
  const c = columns(period, now);
  const cache = readCache(db);
  const entries = cache.get(`leaderboard:${c.key}`, ['earnings'], () => topEntries(db, c));
  if (viewerId === null) return { entries, me: null };
  const listed = entries.find((entry) => entry.userId === viewerId);
  if (listed) return { entries, me: { rank: listed.rank, totalPaise: listed.totalPaise } };
  return { entries, me: cache.get(`leaderboard:${c.key}:${viewerId}`, ['earnings'], () => rankOf(db, c, viewerId)) };
}

/**
 * The board as the signed-in viewer sees it, one object per viewer and period kept until
 * earnings change (or the viewer does), so its JSON text is made once (`jsonOf`).
 */
export function leaderboardView(db: Db, period: LeaderboardPeriod, viewerId: number, now: number): LeaderboardView {
  const key = periodKey(period, now);
  const cache = readCache(db);
  return cache.getOwned(`leaderboard-view:${key}:${viewerId}`, ['earnings'], () => {
    const board = leaderboard(db, period, viewerId, now);
    const entries = cache.get(`leaderboard-entries:${key}`, ['earnings'], () => board.entries.map(toLeaderboardEntryView));
    return { value: { entries, me: board.me }, userId: viewerId };
  })!;
}

function rankingCondition(c: Columns): SQL {
  return sql`${users.deletedAt} is null and ${c.total} > 0 and ${c.period}`;
}

function topEntries(db: Db, c: Columns): LeaderboardEntry[] {
  const rows = db.all<Omit<LeaderboardEntry, 'rank'>>(sql`
    select ${users.id} as userId, ${users.name} as name, ${users.profileImage} as profileImage, ${c.total} as totalPaise
    from ${users} indexed by ${c.index}
    where ${rankingCondition(c)}
    order by ${c.total} desc, ${c.at}, ${users.id}
    limit ${LEADERBOARD_SIZE}
  `);
  return rows.map((row, index) => ({ ...row, rank: index + 1 }));
}

function rankOf(db: Db, c: Columns, viewerId: number): Leaderboard['me'] {
  const ranking = rankingCondition(c);
  const me = db.get<{ total: number; at: number | null }>(sql`
    select ${c.total} as total, ${c.at} as at from ${users} where ${users.id} = ${viewerId} and ${ranking}
  `);
  if (!me) return null;
  const ahead = db.get<{ n: number }>(sql`
    select count(*) as n from ${users} indexed by ${c.index}
    where ${ranking}
      and (${c.total} > ${me.total} or (${c.total} = ${me.total} and (${c.at} < ${me.at} or (${c.at} = ${me.at} and ${users.id} < ${viewerId}))))
  `)!;
  return { rank: ahead.n + 1, totalPaise: me.total };
}
