import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Db, DbTransaction } from '../../db/client.js';
import { enrollments, ledger, lectures, legacyIds, orders, packages, users } from '../../db/schema.js';
import { saveImage, removeImageFiles } from '../../lib/images.js';
import { isLegacyHash } from '../../lib/password.js';
import { readCache } from '../../lib/read-cache.js';
import { PACKAGE_IMAGE_WIDTHS, packageImagesDir } from '../../lib/uploads.js';
import { tiers, type Role, type Tier } from '../../../shared/domain.js';
import { formatRupees, parseRupees, rupeesToPaise } from '../../../shared/money.js';
import { indianPhone } from '../../../shared/schemas.js';
import { normaliseVideoLink } from '../../../shared/video-links.js';
import { canSponsor, findActiveUserByEmail, newReferralCode } from '../auth/accounts.service.js';
import { bookOpeningLine } from '../affiliate/ledger.service.js';
import { LegacyFileError, readDocuments } from './legacy-files.js';
import {
  describeIssue,
  legacyCourse,
  legacyLecture,
  legacyPendingOrder,
  legacyTransaction,
  legacyUser,
  type LegacyCourse,
  type LegacyLecture,
  type LegacyPendingOrder,
  type LegacyTransaction,
  type LegacyUser,
} from './legacy-records.js';

/**
 * The import of the legacy app's export (LEGACY.md) into this database, in one transaction: it
 * all lands or nothing does. Rows remember their legacy id (`legacy_ids`), so a second run with
 * the same export finds everything already there, and a later, larger export adds only what is
 * new. A dry run runs the very same code and rolls back, so its report is the real one.
 */

export type ProblemLevel = 'fault' | 'error' | 'warning' | 'note';
export type Problem = { level: ProblemLevel; where: string; message: string };

export type ImportCounts = {
  accountsImported: number;
  accountsMerged: number;
  accountsLinked: number;
  accountsAlreadyThere: number;
  sponsorsSet: number;
  sponsorsDropped: number;
  packagesImported: number;
  packagesAlreadyThere: number;
  defaultImages: number;
  lecturesImported: number;
  lecturesAlreadyThere: number;
  lecturesRefused: number;
  ordersImported: number;
  grantsImported: number;
  purchasesAlreadyThere: number;
  purchasesSkipped: number;
  failedTransactions: number;
  pendingImported: number;
  pendingAlreadyThere: number;
  pendingSkipped: number;
  utrsTaken: number;
  openingEarnings: number;
  openingEarningsPaise: number;
  openingPayouts: number;
  openingPayoutsPaise: number;
};

export type ImportReport = {
  dir: string;
  dryRun: boolean;
  at: number;
  /** The export could not be imported at all: nothing changed. */
  refused: boolean;
  /** Nothing of the export was new to this database. */
  nothingNew: boolean;
  counts: ImportCounts;
  problems: Problem[];
};

export type ImportOptions = {
  /** The export's folder: users.json, courses.json, lectures.json, transactions.json, pendingorders.json, uploads/. */
  dir: string;
  /** paid.csv: `email,amount_paid` in rupees. */
  paidFile?: string | undefined;
  dryRun: boolean;
  /** DATA_DIR: package pictures go to its uploads/packages. */
  dataDir: string;
  now: number;
};

/** A legacy picture larger than this is not read (an upload's limit is 5 MB). */
const MAX_LEGACY_IMAGE_BYTES = 20 * 1024 * 1024;
/** Faults are listed up to this many; the count says how many there were. */
const MAX_FAULTS_LISTED = 50;

function emptyCounts(): ImportCounts {
  return {
    accountsImported: 0,
    accountsMerged: 0,
    accountsLinked: 0,
    accountsAlreadyThere: 0,
    sponsorsSet: 0,
    sponsorsDropped: 0,
    packagesImported: 0,
    packagesAlreadyThere: 0,
    defaultImages: 0,
    lecturesImported: 0,
    lecturesAlreadyThere: 0,
    lecturesRefused: 0,
    ordersImported: 0,
    grantsImported: 0,
    purchasesAlreadyThere: 0,
    purchasesSkipped: 0,
    failedTransactions: 0,
    pendingImported: 0,
    pendingAlreadyThere: 0,
    pendingSkipped: 0,
    utrsTaken: 0,
    openingEarnings: 0,
    openingEarningsPaise: 0,
    openingPayouts: 0,
    openingPayoutsPaise: 0,
  };
}

type Export = {
  users: LegacyUser[];
  courses: LegacyCourse[];
  lectures: LegacyLecture[];
  transactions: LegacyTransaction[];
  pending: LegacyPendingOrder[];
  paid: { line: number; email: string; paidPaise: number }[];
};

class Problems {
  readonly list: Problem[] = [];
  faults = 0;
  add(level: ProblemLevel, where: string, message: string): void {
    if (level === 'fault') {
      this.faults += 1;
      if (this.faults > MAX_FAULTS_LISTED) return;
    }
    this.list.push({ level, where, message });
  }
}

/** Reads one file of the export, document by document; each must pass its schema. */
async function readCollection<T>(dir: string, name: string, schema: z.ZodType<T>, problems: Problems): Promise<T[]> {
  const file = path.join(dir, `${name}.json`);
  const label = `${name}.json`;
  const records: T[] = [];
  if (!existsSync(file)) {
    problems.add('fault', label, 'is missing from the export folder');
    return records;
  }
  try {
    for await (const { index, doc } of readDocuments(file, label)) {
      const parsed = schema.safeParse(doc);
      if (parsed.success) {
        // A copy: the parser's strings can be slices of the file's chunks, which would keep the whole file in memory.
        records.push(structuredClone(parsed.data));
      } else {
        const id = typeof doc === 'object' && doc !== null && '_id' in doc ? ` (${String((doc as { _id: unknown })._id)})` : '';
        problems.add('fault', `${label} record ${index}${id}`, describeIssue(parsed.error));
      }
    }
  } catch (error) {
    if (error instanceof LegacyFileError)
      problems.add('fault', `${error.file}, ${error.where}`, error.message.slice(error.file.length + error.where.length + 4));
    else problems.add('fault', label, `cannot be read (${(error as Error).message})`);
  }
  return records;
}

async function readPaid(file: string, problems: Problems): Promise<Export['paid']> {
  const label = path.basename(file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    problems.add('fault', label, 'cannot be read');
    return [];
  }
  let rows: string[][];
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (error) {
    problems.add('fault', label, `is not a CSV file (${(error as Error).message})`);
    return [];
  }
  const header = (rows[0] ?? []).map((cell) => cell.toLowerCase());
  if (header[0] !== 'email' || header[1] !== 'amount_paid') {
    problems.add('fault', `${label} line 1`, 'must be the header "email,amount_paid"');
    return [];
  }
  const paid: Export['paid'] = [];
  rows.slice(1).forEach((row, i) => {
    const line = i + 2;
    const email = (row[0] ?? '').trim().toLowerCase();
    // Rupees as a person writes them (`4,500`, `₹800`, `1499.50`): never `0x10`, `1e2` or `1,0,0`.
    const paidPaise = parseRupees(row[1] ?? '');
    if (!email) problems.add('fault', `${label} line ${line}`, 'has no email');
    else if (paidPaise === null) problems.add('fault', `${label} line ${line}`, `has an amount that is not a number of rupees ("${row[1] ?? ''}")`);
    else paid.push({ line, email, paidPaise });
  });
  // Several lines of one email (one per bank transfer) add up.
  const byEmail = new Map<string, Export['paid'][number]>();
  for (const row of paid) {
    const seen = byEmail.get(row.email);
    if (seen) seen.paidPaise += row.paidPaise;
    else byEmail.set(row.email, { ...row });
  }
  return [...byEmail.values()];
}

/** The ObjectId's own time (its first 4 bytes), for rows without a date. */
function idTime(oid: string): number {
  return Number.parseInt(oid.slice(0, 8), 16) * 1000;
}

function dateOf(value: Date | undefined, oid: string): number {
  return value ? value.getTime() : idTime(oid);
}

/** `$oid`s, plain id strings, and anything else (early rows' small numbers) as its text. */
function idText(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : JSON.stringify(value);
}

const UUID = /^[0-9A-F]{8}(?:-[0-9A-F]{4}){3}-[0-9A-F]{12}$/;
const SHORT_CODE = /^[A-Z0-9]{4,16}$/;

/** A legacy referral code as it is kept here: a whole link reduced to its `ref`, upper case. */
export function normaliseReferralCode(raw: string | undefined): string | null {
  if (!raw) return null;
  let code = raw.trim();
  if (/^https?:\/\//i.test(code)) {
    try {
      code = new URL(code).searchParams.get('ref') ?? '';
    } catch {
      return null;
    }
  }
  code = code.trim().toUpperCase();
  return SHORT_CODE.test(code) || UUID.test(code) ? code : null;
}

function tierOf(name: string): Tier | null {
  const first = name.trim().split(/\s+/)[0]?.toLowerCase();
  return tiers.find((tier) => tier.toLowerCase() === first) ?? null;
}

function utrText(value: string | number | undefined): string {
  return value === undefined ? '' : String(value).replace(/\s/g, '');
}

async function readExport(options: ImportOptions, problems: Problems): Promise<Export> {
  return {
    users: await readCollection(options.dir, 'users', legacyUser, problems),
    courses: await readCollection(options.dir, 'courses', legacyCourse, problems),
    lectures: await readCollection(options.dir, 'lectures', legacyLecture, problems),
    transactions: await readCollection(options.dir, 'transactions', legacyTransaction, problems),
    pending: await readCollection(options.dir, 'pendingorders', legacyPendingOrder, problems),
    paid: options.paidFile ? await readPaid(options.paidFile, problems) : [],
  };
}

type PreparedImage = { base: string; files: string[]; usedDefault: boolean };

let defaultPicture: Promise<Buffer> | undefined;
/** The picture of a package whose legacy file is missing: a plain card in the site's colour. */
function defaultImage(): Promise<Buffer> {
  defaultPicture ??= sharp({ create: { width: 1280, height: 720, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  return defaultPicture;
}

/** The legacy picture's file inside the export folder, or null when its path leads outside it. */
function legacyImageFile(dir: string, image: string): string | null {
  const relative = image.replace(/\\/g, '/').replace(/^\/+/, '');
  const root = path.resolve(dir);
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : null;
}

/** Re-encodes each new package's picture as an upload would be; a missing or broken one becomes the default picture. */
async function prepareImages(db: Db, data: Export, dir: string, target: string, problems: Problems): Promise<Map<string, PreparedImage>> {
  const prepared = new Map<string, PreparedImage>();
  for (const course of data.courses) {
    if (prepared.has(course._id) || mappedId(db, 'package', course._id) !== undefined) continue;
    const where = `courses.json ${course._id} (${course.name})`;
    let input: Buffer | null = null;
    const file = course.image ? legacyImageFile(dir, course.image) : null;
    if (!course.image) problems.add('warning', where, 'has no picture: the default picture is used');
    else if (!file) problems.add('warning', where, `picture "${course.image}" points outside the export folder: the default picture is used`);
    else if (!existsSync(file)) problems.add('warning', where, `picture ${course.image} is not in the export folder: the default picture is used`);
    else if ((await stat(file)).size > MAX_LEGACY_IMAGE_BYTES)
      problems.add('warning', where, `picture ${course.image} is over 20 MB: the default picture is used`);
    else input = await readFile(file);
    let saved: { base: string; files: string[] } | null = null;
    if (input) {
      try {
        saved = await saveImage(input, target, PACKAGE_IMAGE_WIDTHS);
      } catch {
        problems.add('warning', where, `picture ${course.image} is not a picture that can be read: the default picture is used`);
      }
    }
    const usedDefault = saved === null;
    saved ??= await saveImage(await defaultImage(), target, PACKAGE_IMAGE_WIDTHS);
    prepared.set(course._id, { ...saved, usedDefault });
  }
  return prepared;
}

function mappedId(db: Db | DbTransaction, kind: (typeof legacyIds.$inferSelect)['kind'], legacyId: string): number | undefined {
  return db
    .select({ localId: legacyIds.localId })
    .from(legacyIds)
    .where(and(eq(legacyIds.kind, kind), eq(legacyIds.legacyId, legacyId)))
    .get()?.localId;
}

function remember(tx: DbTransaction, kind: (typeof legacyIds.$inferSelect)['kind'], legacyId: string, localId: number, now: number): void {
  tx.insert(legacyIds).values({ kind, legacyId, localId, importedAt: now }).run();
}

/** The sum of the ledger lines already booked for this legacy key (`<key>:<total>`). */
function bookedFor(tx: DbTransaction, kind: 'earning' | 'payout', key: string): number {
  const row = tx
    .select({ total: sql<number>`coalesce(sum(${ledger.amountPaise}), 0)` })
    .from(legacyIds)
    .innerJoin(ledger, eq(ledger.id, legacyIds.localId))
    .where(and(eq(legacyIds.kind, kind), sql`${legacyIds.legacyId} like ${`${key}:%`}`))
    .get();
  return row?.total ?? 0;
}

/** The status of the live (pending or approved) order that holds this UTR, if any. */
function utrHolder(tx: DbTransaction, utr: string): 'pending' | 'approved' | undefined {
  const row = tx
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.utr, utr), inArray(orders.status, ['pending', 'approved'])))
    .get();
  return row?.status === 'pending' || row?.status === 'approved' ? row.status : undefined;
}

function utrLive(tx: DbTransaction, utr: string): boolean {
  return utrHolder(tx, utr) !== undefined;
}

class DryRunRollback extends Error {}

/** Everything the import writes, inside the caller's transaction. */
function applyExport(
  tx: DbTransaction,
  data: Export,
  images: Map<string, PreparedImage>,
  options: ImportOptions,
  problems: Problems,
  counts: ImportCounts,
): void {
  const now = options.now;

  // Accounts: one per email, trimmed and lower-cased; the earliest legacy account of an email wins.
  const groups = new Map<string, LegacyUser[]>();
  const seenIds = new Set<string>();
  for (const user of data.users) {
    if (seenIds.has(user._id)) {
      problems.add('warning', `users.json ${user._id}`, 'appears twice in the export: the second copy is ignored');
      continue;
    }
    seenIds.add(user._id);
    const email = user.email.trim().toLowerCase();
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

  const pictures = data.users.filter((user) => user.profileImage).length;
  if (pictures > 0)
    problems.add('note', 'users.json', `${pictures} profile pictures stay where the legacy app kept them and are not imported: learners can upload one again`);

  // Sponsors, from `referrer`: self-references, sponsors not in the export and loops are dropped.
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

  // Packages, with their pictures re-encoded beforehand.
  const packageOf = new Map<string, number>();
  for (const course of data.courses) {
    if (packageOf.has(course._id)) {
      problems.add('warning', `courses.json ${course._id}`, 'appears twice in the export: the second copy is ignored');
      continue;
    }
    const known = mappedId(tx, 'package', course._id);
    if (known !== undefined) {
      counts.packagesAlreadyThere += 1;
      if (tx.select({ id: packages.id }).from(packages).where(eq(packages.id, known)).get()) packageOf.set(course._id, known);
      else
        problems.add(
          'note',
          `courses.json ${course._id} (${course.name})`,
          'was deleted here after an earlier import: not imported again, nor its lectures and purchases',
        );
      continue;
    }
    const image = images.get(course._id)!;
    const row = tx
      .insert(packages)
      .values({
        name: course.name,
        description: course.description?.trim() ?? '',
        pricePaise: rupeesToPaise(course.price),
        image: image.base,
        tier: tierOf(course.name),
        commissionPaise: null,
        createdAt: dateOf(course.createdAt, course._id),
      })
      .returning({ id: packages.id })
      .get();
    remember(tx, 'package', course._id, row.id, now);
    packageOf.set(course._id, row.id);
    counts.packagesImported += 1;
    if (image.usedDefault) counts.defaultImages += 1;
  }

  // Lectures: per package in createdAt order, links made embed links by the admin screen's own code.
  const courseOfLecture = new Map<string, string>();
  for (const course of data.courses) for (const id of course.lectures ?? []) courseOfLecture.set(idText(id), course._id);
  const listed = new Set(courseOfLecture.keys());
  const sortedLectures = [...data.lectures].sort((a, b) => dateOf(a.createdAt, a._id) - dateOf(b.createdAt, b._id) || a._id.localeCompare(b._id));
  for (const lecture of sortedLectures) {
    listed.delete(lecture._id);
    const where = `lectures.json ${lecture._id}`;
    if (mappedId(tx, 'lecture', lecture._id) !== undefined) {
      counts.lecturesAlreadyThere += 1;
      continue;
    }
    const courseId = lecture.course ?? courseOfLecture.get(lecture._id);
    const packageId = courseId ? packageOf.get(courseId) : undefined;
    if (packageId === undefined) {
      counts.lecturesRefused += 1;
      problems.add('warning', where, `belongs to no course of the export${courseId ? ` (${courseId})` : ''}: not imported`);
      continue;
    }
    const link = lecture.video ? normaliseVideoLink(lecture.video.trim()) : null;
    if (!link) {
      counts.lecturesRefused += 1;
      problems.add(
        'error',
        where,
        `link "${lecture.video ?? ''}" is not a YouTube, Vimeo or Google Drive video link: not imported, add it again from the admin screen`,
      );
      continue;
    }
    const last = tx
      .select({ position: max(lectures.position) })
      .from(lectures)
      .where(eq(lectures.packageId, packageId))
      .get();
    const position = (last?.position ?? -1) + 1;
    const row = tx
      .insert(lectures)
      .values({ packageId, title: `Part ${position + 1}`, videoUrl: link.embedUrl, position, createdAt: dateOf(lecture.createdAt, lecture._id) })
      .returning({ id: lectures.id })
      .get();
    remember(tx, 'lecture', lecture._id, row.id, now);
    counts.lecturesImported += 1;
  }
  for (const missing of listed)
    problems.add('warning', `courses.json`, `lecture ${missing} is listed by course ${courseOfLecture.get(missing)} but is not in lectures.json`);

  // Purchases: an approved order per buyer and package, from purchasedCourses and successful transactions.
  const payments = new Map<string, LegacyTransaction>();
  const sortedTransactions = [...data.transactions].sort((a, b) => dateOf(a.timestamp, a._id) - dateOf(b.timestamp, b._id));
  for (const payment of sortedTransactions) {
    const where = `transactions.json ${payment._id}`;
    if (payment.status !== 'Success') {
      counts.failedTransactions += 1;
      problems.add('note', where, `status ${payment.status ?? '(none)'}: grants nothing`);
      continue;
    }
    const accountId = payment.user ? accountOf.get(payment.user) : undefined;
    const courseKey = payment.courseId === undefined ? '' : idText(payment.courseId);
    const packageId = packageOf.get(courseKey);
    if (accountId === undefined) {
      counts.purchasesSkipped += 1;
      problems.add('warning', where, `buyer ${payment.user ?? '(none)'} is not in the export: not imported`);
      continue;
    }
    if (packageId === undefined) {
      counts.purchasesSkipped += 1;
      problems.add('warning', where, `course id ${courseKey || '(none)'} matches no course: not imported`);
      continue;
    }
    const key = `${accountId}:${packageId}`;
    if (payments.has(key)) {
      problems.add(
        'warning',
        where,
        `a second successful payment (UTR ${utrText(payment.paymentId)}) for a package already paid by ${payments.get(key)!._id}: kept in this report only`,
      );
      continue;
    }
    payments.set(key, payment);
  }
  const owned = new Map<string, { accountId: number; packageId: number; legacyUser: string; course: string }>();
  for (const [accountId, group] of legacyOf) {
    for (const user of group) {
      for (const item of user.purchasedCourses ?? []) {
        const course = idText(item);
        const packageId = packageOf.get(course);
        if (packageId === undefined) {
          counts.purchasesSkipped += 1;
          problems.add('warning', `users.json ${user._id} (${user.email.trim()})`, `purchasedCourses item ${course} matches no course: not imported`);
          continue;
        }
        const key = `${accountId}:${packageId}`;
        if (!owned.has(key)) owned.set(key, { accountId, packageId, legacyUser: user._id, course });
      }
    }
  }
  for (const [key, payment] of payments) {
    const [accountId, packageId] = key.split(':').map(Number) as [number, number];
    if (!owned.has(key)) owned.set(key, { accountId, packageId, legacyUser: payment.user!, course: idText(payment.courseId) });
  }
  for (const [key, purchase] of owned) {
    const payment = payments.get(key);
    const where = payment ? `transactions.json ${payment._id}` : `users.json ${purchase.legacyUser}`;
    if (payment && mappedId(tx, 'order', payment._id) !== undefined) {
      counts.purchasesAlreadyThere += 1;
      continue;
    }
    const alreadyOwned = tx
      .select({ userId: enrollments.userId })
      .from(enrollments)
      .where(and(eq(enrollments.userId, purchase.accountId), eq(enrollments.packageId, purchase.packageId)))
      .get();
    if (alreadyOwned) {
      counts.purchasesAlreadyThere += 1;
      continue;
    }
    const pkg = tx.select().from(packages).where(eq(packages.id, purchase.packageId)).get()!;
    const buyer = tx.select().from(users).where(eq(users.id, purchase.accountId)).get()!;
    const utr = payment ? utrText(payment.paymentId) : '';
    if (payment && utr && !utrLive(tx, utr)) {
      const at = dateOf(payment.timestamp, payment._id);
      const order = insertImportedOrder(tx, buyer, pkg, { utr, status: 'approved', at });
      tx.insert(enrollments).values({ userId: buyer.id, packageId: pkg.id, orderId: order.id, createdAt: at }).run();
      remember(tx, 'order', payment._id, order.id, now);
      counts.ordersImported += 1;
      counts.utrsTaken += 1;
      continue;
    }
    // Owned without a payment record this app can keep (none, no UTR, or a UTR already used): granted without an order.
    const grantKey = `${purchase.legacyUser}:${purchase.course}`;
    if (mappedId(tx, 'grant', grantKey) !== undefined) {
      counts.purchasesAlreadyThere += 1;
      continue;
    }
    tx.insert(enrollments)
      .values({ userId: buyer.id, packageId: pkg.id, orderId: null, createdAt: payment ? dateOf(payment.timestamp, payment._id) : now })
      .run();
    remember(tx, 'grant', grantKey, buyer.id, now);
    counts.grantsImported += 1;
    problems.add(
      'note',
      where,
      payment
        ? `${buyer.email} owns ${pkg.name}, but its UTR "${utr}" is ${utr ? 'already used by another order' : 'empty'}: granted without an order`
        : `${buyer.email} owns ${pkg.name} without a successful transaction in the export: granted without an order`,
    );
  }

  // Pending orders stay pending, unless their UTR is already taken.
  for (const pending of data.pending) {
    const where = `pendingorders.json ${pending._id}`;
    if (mappedId(tx, 'order', pending._id) !== undefined) {
      counts.pendingAlreadyThere += 1;
      continue;
    }
    const skip = (message: string) => {
      counts.pendingSkipped += 1;
      problems.add('warning', where, `${message}: not imported`);
    };
    if (pending.status !== undefined && pending.status !== 'pending') {
      skip(`status ${pending.status}`);
      continue;
    }
    const accountId = pending.user ? accountOf.get(pending.user) : undefined;
    const packageId = pending.course === undefined ? undefined : packageOf.get(idText(pending.course));
    const utr = utrText(pending.transactionId);
    if (accountId === undefined) skip(`buyer ${pending.user ?? '(none)'} is not in the export`);
    else if (packageId === undefined) skip(`course ${pending.course === undefined ? '(none)' : idText(pending.course)} matches no course`);
    else if (!/^\d{12}$/.test(utr)) skip(`UTR "${utr}" is not 12 digits`);
    else if (utrLive(tx, utr)) skip(`UTR ${utr} is already taken by ${utrHolder(tx, utr) === 'approved' ? 'an approved' : 'a pending'} order`);
    else if (
      tx
        .select({ userId: enrollments.userId })
        .from(enrollments)
        .where(and(eq(enrollments.userId, accountId), eq(enrollments.packageId, packageId)))
        .get()
    ) {
      skip('the buyer already owns the package');
    } else if (
      tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, accountId), eq(orders.packageId, packageId), eq(orders.status, 'pending')))
        .get()
    ) {
      skip('the buyer already has an order of this package waiting');
    } else {
      const pkg = tx.select().from(packages).where(eq(packages.id, packageId)).get()!;
      const buyer = tx.select().from(users).where(eq(users.id, accountId)).get()!;
      const order = insertImportedOrder(tx, buyer, pkg, { utr, status: 'pending', at: dateOf(pending.createdAt, pending._id) });
      remember(tx, 'order', pending._id, order.id, now);
      counts.pendingImported += 1;
      counts.utrsTaken += 1;
    }
  }

  // Opening balances: legacy lifetime earnings, then what paid.csv says was already paid.
  const day = new Date(now).toISOString().slice(0, 10);
  for (const [accountId, group] of legacyOf) {
    for (const user of group) {
      const totalPaise = rupeesToPaise(user.earnings?.total ?? 0);
      const booked = bookedFor(tx, 'earning', user._id);
      const where = `users.json ${user._id} (${user.email.trim()})`;
      if (totalPaise < booked) {
        problems.add('error', where, `legacy earnings went down to ${formatRupees(totalPaise)} from the ${formatRupees(booked)} imported before: not changed`);
      } else if (totalPaise > booked) {
        const line = bookOpeningLine(tx, {
          userId: accountId,
          kind: 'earning',
          amountPaise: totalPaise - booked,
          note: `Earnings in the legacy app, imported ${day}`,
          now,
        });
        remember(tx, 'earning', `${user._id}:${totalPaise}`, line.id, now);
        counts.openingEarnings += 1;
        counts.openingEarningsPaise += totalPaise - booked;
      }
    }
  }
  for (const row of data.paid) {
    const where = `${path.basename(options.paidFile ?? 'paid.csv')} line ${row.line} (${row.email})`;
    const account = findActiveUserByEmail(tx, row.email);
    if (!account) {
      problems.add('error', where, 'matches no account: not booked');
      continue;
    }
    const booked = bookedFor(tx, 'payout', row.email);
    if (row.paidPaise < booked) {
      problems.add('error', where, `paid ${formatRupees(row.paidPaise)} is less than the ${formatRupees(booked)} imported before: not changed`);
      continue;
    }
    if (row.paidPaise === booked) continue;
    const current = tx.select({ earned: users.earnedPaise, paid: users.paidPaise }).from(users).where(eq(users.id, account.id)).get()!;
    const add = row.paidPaise - booked;
    if (current.paid + add > current.earned) {
      problems.add(
        'error',
        where,
        `paid ${formatRupees(row.paidPaise)} is more than the ${formatRupees(current.earned)} earned: not booked, correct paid.csv and run the import again`,
      );
      continue;
    }
    const line = bookOpeningLine(tx, {
      userId: account.id,
      kind: 'payout',
      amountPaise: add,
      note: `Paid before the move to this app (paid.csv), imported ${day}`,
      now,
    });
    remember(tx, 'payout', `${row.email}:${row.paidPaise}`, line.id, now);
    counts.openingPayouts += 1;
    counts.openingPayoutsPaise += add;
  }
}

/** An order brought over at the package's price, with the buyer's sponsor as referrer; an approved one is decided when it was paid. */
function insertImportedOrder(
  tx: DbTransaction,
  buyer: { id: number; name: string; email: string; sponsorId: number | null },
  pkg: { id: number; pricePaise: number },
  order: { utr: string; status: 'approved' | 'pending'; at: number },
): { id: number } {
  return tx
    .insert(orders)
    .values({
      userId: buyer.id,
      packageId: pkg.id,
      amountPaise: pkg.pricePaise,
      utr: order.utr,
      referrerId: buyer.sponsorId,
      status: order.status,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      ...(order.status === 'approved' && { decidedAt: order.at }),
      createdAt: order.at,
    })
    .returning({ id: orders.id })
    .get();
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

function nothingNewIn(counts: ImportCounts): boolean {
  return (
    counts.accountsImported +
      counts.accountsMerged +
      counts.accountsLinked +
      counts.sponsorsSet +
      counts.packagesImported +
      counts.lecturesImported +
      counts.ordersImported +
      counts.grantsImported +
      counts.pendingImported +
      counts.openingEarnings +
      counts.openingPayouts ===
    0
  );
}

/**
 * Reads the export (streaming, one document at a time), refuses it whole when any document is
 * unusable, re-encodes new package pictures, then writes everything in one transaction. A dry
 * run does all of it and rolls back, and removes the pictures it made.
 */
export async function importLegacy(db: Db, options: ImportOptions): Promise<ImportReport> {
  const problems = new Problems();
  const counts = emptyCounts();
  const report = (refused: boolean): ImportReport => {
    if (problems.faults > MAX_FAULTS_LISTED)
      problems.list.push({ level: 'fault', where: 'export', message: `${problems.faults - MAX_FAULTS_LISTED} more faults not listed` });
    return {
      dir: options.dir,
      dryRun: options.dryRun,
      at: options.now,
      refused,
      nothingNew: !refused && nothingNewIn(counts),
      counts,
      problems: problems.list,
    };
  };

  const data = await readExport(options, problems);
  if (problems.faults > 0) return report(true);

  const target = options.dryRun ? await mkdtemp(path.join(tmpdir(), 'legacy-dry-run-')) : packageImagesDir(options.dataDir);
  let images = new Map<string, PreparedImage>();
  let committed = false;
  try {
    images = await prepareImages(db, data, options.dir, target, problems);
    db.transaction((tx) => {
      applyExport(tx, data, images, options, problems, counts);
      if (options.dryRun) throw new DryRunRollback();
    });
    committed = true;
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  } finally {
    if (!committed) for (const image of images.values()) await removeImageFiles(target, image.files);
    if (options.dryRun) await rm(target, { recursive: true, force: true });
  }
  // Accounts, packages, purchases and balances all changed: nothing kept in memory holds.
  if (committed) readCache(db).clear();
  return report(false);
}

const levelWords: Record<ProblemLevel, string> = { fault: 'FAULT', error: 'ERROR', warning: 'warning', note: 'note' };

/** The report as people read it, in the terminal and in the file beside the database. */
export function renderReport(report: ImportReport): string {
  const c = report.counts;
  const lines: string[] = [];
  const when = new Date(report.at).toISOString();
  lines.push(`Legacy import of ${report.dir} at ${when}${report.dryRun ? ' (dry run: nothing was changed)' : ''}`);
  if (report.refused) {
    lines.push('', 'The export cannot be imported, so nothing was changed. Fix these and run the import again:');
  } else {
    if (report.nothingNew) lines.push('', 'Nothing new: this database already holds everything of this export. Nothing was changed.');
    lines.push(
      '',
      `Accounts:        ${c.accountsImported} imported, ${c.accountsMerged} merged into an account of the same email, ${c.accountsLinked} linked to an account already here, ${c.accountsAlreadyThere} imported before`,
      `Sponsors:        ${c.sponsorsSet} set, ${c.sponsorsDropped} dropped`,
      `Packages:        ${c.packagesImported} imported (${c.defaultImages} with the default picture), ${c.packagesAlreadyThere} imported before`,
      `Lectures:        ${c.lecturesImported} imported, ${c.lecturesRefused} not imported, ${c.lecturesAlreadyThere} imported before`,
      `Purchases:       ${c.ordersImported} approved orders, ${c.grantsImported} granted without an order, ${c.purchasesAlreadyThere} there before, ${c.purchasesSkipped} skipped; ${c.failedTransactions} failed transactions grant nothing`,
      `Pending orders:  ${c.pendingImported} imported, ${c.pendingSkipped} skipped, ${c.pendingAlreadyThere} imported before`,
      `UTRs taken:      ${c.utrsTaken} (no new order can use them)`,
      `Opening balance: ${c.openingEarnings} earnings lines (${formatRupees(c.openingEarningsPaise)}), ${c.openingPayouts} payout lines (${formatRupees(c.openingPayoutsPaise)}); no commission is booked for imported purchases`,
    );
    if (report.problems.length > 0) lines.push('', 'Line by line:');
  }
  for (const problem of report.problems) lines.push(`  ${levelWords[problem.level]}: ${problem.where}: ${problem.message}`);
  return `${lines.join('\n')}\n`;
}
