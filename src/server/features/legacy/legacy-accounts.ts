import { eq } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { isLegacyHash } from '../../lib/password.js';
import type { Role } from '../../../shared/domain.js';
import { indianPhone } from '../../../shared/schemas.js';
import { canSponsor, findActiveUserByEmail, newReferralCode } from '../auth/accounts.service.js';
import { mappedId, remember } from './legacy-ids.js';
import { accountEmail, dateOf, normaliseReferralCode, type LegacyUser } from './legacy-records.js';
import type { Problems } from './legacy-report.js';
import type { ImportRun } from './legacy-run.js';

export type Accounts = {
  /** Each legacy user's account here. */
  accountOf: Map<string, number>;
  /** Each account's legacy users, the earliest first. */
  legacyOf: Map<number, LegacyUser[]>;
};

/** Accounts: one per email, trimmed and lower-cased; the earliest legacy account of an email wins. */
export function importAccounts(run: ImportRun): Accounts {
  const { tx, data, now, problems, counts } = run;
  const groups = new Map<string, LegacyUser[]>();
  const seenIds = new Set<string>();
  for (const user of data.users) {
    if (seenIds.has(user._id)) {
      problems.add('warning', `users.json ${user._id}`, 'appears twice in the export: the second copy is ignored');
      continue;
    }
    seenIds.add(user._id);
    const email = accountEmail(user.email);
    const group = groups.get(email);
    if (group) group.push(user);
    else groups.set(email, [user]);
  }
  const accountOf = new Map<string, number>();
  const legacyOf = new Map<number, LegacyUser[]>();
  const ordered = [...groups.entries()]
    .map(([email, group]) => {
      group.sort((a, b) => dateOf(a.createdAt, a._id) - dateOf(b.createdAt, b._id) || a._id.localeCompare(b._id));
      return { email, group, first: group[0]! };
    })
    .sort((a, b) => dateOf(a.first.createdAt, a.first._id) - dateOf(b.first.createdAt, b.first._id) || a.first._id.localeCompare(b.first._id));
  const takenCodes = new Set<string>();
  for (const { email, group, first } of ordered) {
    const where = `users.json ${first._id} (${first.email.trim()})`;
    let accountId = group.map((user) => mappedId(tx, 'user', user._id)).find((id) => id !== undefined);
    if (accountId !== undefined) {
      counts.accountsAlreadyThere += 1;
    } else {
      const existing = findActiveUserByEmail(tx, email);
      if (existing) {
        accountId = existing.id;
        counts.accountsLinked += 1;
        problems.add('note', where, 'already has an account here: linked to it, which keeps its own password, role and code');
      } else {
        accountId = insertAccount(tx, first, email, takenCodes, problems);
        counts.accountsImported += 1;
      }
    }
    for (const user of group) {
      accountOf.set(user._id, accountId);
      if (mappedId(tx, 'user', user._id) === undefined) {
        remember(tx, 'user', user._id, accountId, now);
        if (user !== first) {
          counts.accountsMerged += 1;
          problems.add(
            'note',
            `users.json ${user._id} (${user.email.trim()})`,
            `merged into ${first.email.trim()} (${first._id}), the earlier account of the same email: its purchases, sponsor links and earnings go with it; its password and referral code ${user.referralLink ?? ''} no longer work`,
          );
        }
      }
    }
    legacyOf.set(accountId, group);
  }

  return { accountOf, legacyOf };
}

/** Sponsors, from `referrer`: self-references, sponsors not in the export and loops are dropped. */
export function importSponsors(run: ImportRun, { accountOf, legacyOf }: Accounts): void {
  const { tx, problems, counts } = run;
  for (const [accountId, group] of legacyOf) {
    const referrers = group.map((user) => user.referrer).filter((id): id is string => typeof id === 'string');
    if (referrers.length === 0) continue;
    const legacyReferrer = referrers[0]!;
    const where = `users.json ${group[0]!._id} (${group[0]!.email.trim()})`;
    const sponsorId = accountOf.get(legacyReferrer);
    const current = tx.select({ sponsorId: users.sponsorId }).from(users).where(eq(users.id, accountId)).get();
    if (sponsorId !== undefined && current?.sponsorId === sponsorId) continue;
    if (sponsorId === undefined) {
      counts.sponsorsDropped += 1;
      problems.add('warning', where, `sponsor ${legacyReferrer} is not in the export (a deleted account): no sponsor`);
    } else if (sponsorId === accountId) {
      counts.sponsorsDropped += 1;
      problems.add('warning', where, 'names itself as its sponsor: no sponsor');
    } else if (current?.sponsorId !== null && current?.sponsorId !== undefined) {
      counts.sponsorsDropped += 1;
      problems.add('warning', where, `already has another sponsor here: sponsor ${legacyReferrer} not set`);
    } else if (!canSponsor(tx, sponsorId, accountId)) {
      counts.sponsorsDropped += 1;
      problems.add('warning', where, `sponsor ${legacyReferrer} would close a loop of sponsors: no sponsor`);
    } else {
      tx.update(users).set({ sponsorId }).where(eq(users.id, accountId)).run();
      counts.sponsorsSet += 1;
    }
  }
}

function insertAccount(tx: DbTransaction, user: LegacyUser, email: string, takenCodes: Set<string>, problems: Problems): number {
  const where = `users.json ${user._id} (${user.email.trim()})`;
  const name = user.name?.trim().slice(0, 100) || email.split('@')[0]!;
  if (!user.name?.trim()) problems.add('warning', where, `has no name: "${name}" is used`);
  const phoneText = user.contact === undefined ? '' : String(user.contact);
  const phone = indianPhone.safeParse(phoneText);
  if (!phone.success && phoneText) problems.add('warning', where, `contact "${phoneText}" is not 10 digits: no phone kept`);
  let passwordHash = user.password ?? '';
  if (!isLegacyHash(passwordHash)) {
    problems.add('warning', where, 'has no bcrypt password: the account can only be used after "Forgot password"');
    passwordHash = '!no-password';
  }
  const role: Role = user.mainrole === 'superadmin' ? 'superadmin' : user.role === 'admin' ? 'admin' : 'user';
  let code = normaliseReferralCode(user.referralLink);
  const codeTaken = (candidate: string) =>
    takenCodes.has(candidate) || tx.select({ id: users.id }).from(users).where(eq(users.referralCode, candidate)).get() !== undefined;
  if (code && codeTaken(code)) {
    problems.add('warning', where, `referral code ${code} is already someone else's here: a new code is given, old links with it no longer work`);
    code = null;
  } else if (!code) {
    problems.add('warning', where, `referral code "${user.referralLink ?? ''}" is not a code: a new code is given`);
  }
  if (!code) {
    code = newReferralCode();
    while (codeTaken(code)) code = newReferralCode();
  }
  takenCodes.add(code);
  return tx
    .insert(users)
    .values({
      name,
      email,
      phone: phone.success ? phone.data : null,
      passwordHash,
      role,
      referralCode: code,
      sponsorId: null,
      lang: 'en',
      createdAt: dateOf(user.createdAt, user._id),
    })
    .returning({ id: users.id })
    .get().id;
}
