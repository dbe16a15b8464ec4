import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { istMonthStart, istWeekStart } from '../../../shared/ist.js';
import { earningsVersion } from './ledger.service.js';

export const leaderboardPeriods = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];

export const LEADERBOARD_SIZE = 50;

export type LeaderboardEntry = { rank: number; userId: number; name: string; profileImage: string | null; totalPaise: number };
export type Leaderboard = { entries: LeaderboardEntry[]; me: { rank: number; totalPaise: number } | null };

type Ranked = { userId: number; name: string; profileImage: string | null; totalPaise: number };

/**
 * All time: the kept totals, read in index order (highest first, ties to whoever reached the
 * total first). Only users with earnings who are not deleted rank.
 */
function allTime(db: Db, viewerId: number | null): Leaderboard {
  const rows = db.all<Ranked>(sql`
    select id as userId, name, profile_image as profileImage, earned_paise as totalPaise
    from users indexed by users_leaderboard
    where deleted_at is null and earned_paise > 0
    order by earned_paise desc, earned_at, id
    limit ${LEADERBOARD_SIZE}
  `);
  const entries = rows.map((row, index) => ({ ...row, rank: index + 1 }));
  if (viewerId === null) return { entries, me: null };
  const inList = entries.find((entry) => entry.userId === viewerId);
  if (inList) return { entries, me: { rank: inList.rank, totalPaise: inList.totalPaise } };
  const me = db.get<{ earned: number; at: number | null; deleted: number | null }>(
    sql`select earned_paise as earned, earned_at as at, deleted_at as deleted from users where id = ${viewerId}`,
  );
  if (!me || me.deleted !== null || me.earned <= 0) return { entries, me: null };
  const ahead = db.get<{ n: number }>(sql`
    select count(*) as n from users indexed by users_leaderboard
    where deleted_at is null and earned_paise > 0
      and (earned_paise > ${me.earned} or (earned_paise = ${me.earned} and (earned_at < ${me.at} or (earned_at = ${me.at} and id < ${viewerId}))))
  `)!;
  return { entries, me: { rank: ahead.n + 1, totalPaise: me.earned } };
}

type PeriodRanking = { key: string; ranked: Ranked[]; rankOf: Map<number, number> };
const periodCache = new WeakMap<Db, Map<LeaderboardPeriod, PeriodRanking>>();

/**
 * This week or month: the sums of earnings lines since the period's IST start, ties to whoever
 * reached their total first. The whole ranking is kept in memory until earnings change or the
 * period rolls over, so reading it costs a lookup.
 */
function periodRanking(db: Db, period: 'week' | 'month', now: number): PeriodRanking {
  const start = period === 'week' ? istWeekStart(now) : istMonthStart(now);
  const key = `${start}:${earningsVersion(db)}`;
  let cache = periodCache.get(db);
  if (!cache) {
    cache = new Map();
    periodCache.set(db, cache);
  }
  const cached = cache.get(period);
  if (cached?.key === key) return cached;

  const ranked = db.all<Ranked>(sql`
    select u.id as userId, u.name as name, u.profile_image as profileImage, t.total as totalPaise
    from (
      select user_id, sum(amount_paise) as total, max(created_at) as reached
      from ledger indexed by ledger_earnings_by_time
      where kind in ('commission', 'correction') and created_at >= ${start}
      group by user_id
    ) t
    join users u on u.id = t.user_id
    where u.deleted_at is null and t.total > 0
    order by t.total desc, t.reached, u.id
  `);
  const ranking = { key, ranked, rankOf: new Map(ranked.map((row, index) => [row.userId, index + 1])) };
  cache.set(period, ranking);
  return ranking;
}

export function leaderboard(db: Db, period: LeaderboardPeriod, viewerId: number | null, now: number): Leaderboard {
  if (period === 'all') return allTime(db, viewerId);
  const { ranked, rankOf } = periodRanking(db, period, now);
  const entries = ranked.slice(0, LEADERBOARD_SIZE).map((row, index) => ({ ...row, rank: index + 1 }));
  const rank = viewerId === null ? undefined : rankOf.get(viewerId);
  return { entries, me: rank === undefined ? null : { rank, totalPaise: ranked[rank - 1]!.totalPaise } };
}
