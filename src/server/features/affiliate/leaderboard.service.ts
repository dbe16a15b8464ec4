import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { istMonthStart, istWeekStart } from '../../../shared/ist.js';

export const leaderboardPeriods = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];

export const LEADERBOARD_SIZE = 50;

export type LeaderboardEntry = { rank: number; userId: number; name: string; profileImage: string | null; totalPaise: number };
export type Leaderboard = { entries: LeaderboardEntry[]; me: { rank: number; totalPaise: number } | null };

/**
 * Each period ranks on kept totals of the users table, each with its own index: highest total
 * first, a tie to whoever reached it first, then the older account. Only users with earnings in
 * the period who are not deleted rank. Reading the top and one viewer's rank are index ranges.
 */
type Columns = { index: SQL; total: SQL; at: SQL; period: SQL };

function columns(period: LeaderboardPeriod, now: number): Columns {
  if (period === 'week') {
    return { index: sql`users_leaderboard_week`, total: sql`week_paise`, at: sql`week_at`, period: sql`week_start = ${istWeekStart(now)}` };
  }
  if (period === 'month') {
    return { index: sql`users_leaderboard_month`, total: sql`month_paise`, at: sql`month_at`, period: sql`month_start = ${istMonthStart(now)}` };
  }
  return { index: sql`users_leaderboard`, total: sql`earned_paise`, at: sql`earned_at`, period: sql`1 = 1` };
}

export function leaderboard(db: Db, period: LeaderboardPeriod, viewerId: number | null, now: number): Leaderboard {
  const c = columns(period, now);
  const ranking = sql`deleted_at is null and ${c.total} > 0 and ${c.period}`;
  const rows = db.all<Omit<LeaderboardEntry, 'rank'>>(sql`
    select id as userId, name, profile_image as profileImage, ${c.total} as totalPaise
    from users indexed by ${c.index}
    where ${ranking}
    order by ${c.total} desc, ${c.at}, id
    limit ${LEADERBOARD_SIZE}
  `);
  const entries = rows.map((row, index) => ({ ...row, rank: index + 1 }));
  if (viewerId === null) return { entries, me: null };

  const listed = entries.find((entry) => entry.userId === viewerId);
  if (listed) return { entries, me: { rank: listed.rank, totalPaise: listed.totalPaise } };
  const me = db.get<{ total: number; at: number | null }>(sql`
    select ${c.total} as total, ${c.at} as at from users where id = ${viewerId} and ${ranking}
  `);
  if (!me) return { entries, me: null };
  const ahead = db.get<{ n: number }>(sql`
    select count(*) as n from users indexed by ${c.index}
    where ${ranking}
      and (${c.total} > ${me.total} or (${c.total} = ${me.total} and (${c.at} < ${me.at} or (${c.at} = ${me.at} and id < ${viewerId}))))
  `)!;
  return { entries, me: { rank: ahead.n + 1, totalPaise: me.total } };
}
