import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export type Affiliate = { id: number; name: string; phone: string | null; packageIds: number[] };

/** The people a user sponsors (deleted ones left out), first joined first, with what each bought. */
export function affiliatesOf(db: Db, sponsorId: number): Affiliate[] {
  const people = db.all<{ id: number; name: string; phone: string | null }>(sql`
    select id, name, phone from users
    where sponsor_id = ${sponsorId} and deleted_at is null
    order by created_at, id
  `);
  if (people.length === 0) return [];
  const owned = db.all<{ userId: number; packageId: number }>(sql`
    select e.user_id as userId, e.package_id as packageId
    from enrollments e join users u on u.id = e.user_id
    where u.sponsor_id = ${sponsorId} and u.deleted_at is null
    order by e.created_at
  `);
  const byUser = new Map<number, number[]>();
  for (const row of owned) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.packageId]);
  return people.map((person) => ({ ...person, packageIds: byUser.get(person.id) ?? [] }));
}
