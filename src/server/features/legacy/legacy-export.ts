import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { parseRupees } from '../../../shared/money.js';
import { LegacyFileError, readDocuments } from './legacy-files.js';
import {
  accountEmail,
  describeIssue,
  legacyCourse,
  legacyLecture,
  legacyPendingOrder,
  legacyProfileImage,
  legacyTransaction,
  legacyUser,
  type LegacyCourse,
  type LegacyLecture,
  type LegacyPendingOrder,
  type LegacyProfileImage,
  type LegacyTransaction,
  type LegacyUser,
} from './legacy-records.js';
import type { Problems } from './legacy-report.js';

/** The export as read: every document checked against its schema, and paid.csv summed per email. */
export type LegacyExport = {
  users: LegacyUser[];
  courses: LegacyCourse[];
  lectures: LegacyLecture[];
  transactions: LegacyTransaction[];
  pending: LegacyPendingOrder[];
  /** profileimages.json, which older exports may lack. */
  profileImages: LegacyProfileImage[];
  paid: { line: number; email: string; paidPaise: number }[];
  /** The paid file's name, as the report names it. */
  paidLabel: string;
};

export async function readExport(options: { dir: string; paidFile?: string | undefined }, problems: Problems): Promise<LegacyExport> {
  return {
    users: await readCollection(options.dir, 'users', legacyUser, problems),
    courses: await readCollection(options.dir, 'courses', legacyCourse, problems),
    lectures: await readCollection(options.dir, 'lectures', legacyLecture, problems),
    transactions: await readCollection(options.dir, 'transactions', legacyTransaction, problems),
    pending: await readCollection(options.dir, 'pendingorders', legacyPendingOrder, problems),
    profileImages: existsSync(path.join(options.dir, 'profileimages.json'))
      ? await readCollection(options.dir, 'profileimages', legacyProfileImage, problems)
      : [],
    paid: options.paidFile ? await readPaid(options.paidFile, problems) : [],
    paidLabel: path.basename(options.paidFile ?? 'paid.csv'),
  };
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

async function readPaid(file: string, problems: Problems): Promise<LegacyExport['paid']> {
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
  const paid: LegacyExport['paid'] = [];
  rows.slice(1).forEach((row, i) => {
    const line = i + 2;
    const email = accountEmail(row[0] ?? '');
    // Rupees as a person writes them (`4,500`, `₹800`, `1499.50`): never `0x10`, `1e2` or `1,0,0`.
    const paidPaise = parseRupees(row[1] ?? '');
    if (!email) problems.add('fault', `${label} line ${line}`, 'has no email');
    else if (paidPaise === null) problems.add('fault', `${label} line ${line}`, `has an amount that is not a number of rupees ("${row[1] ?? ''}")`);
    else paid.push({ line, email, paidPaise });
  });
  // Several lines of one email (one per bank transfer) add up.
  const byEmail = new Map<string, LegacyExport['paid'][number]>();
  for (const row of paid) {
    const seen = byEmail.get(row.email);
    if (seen) seen.paidPaise += row.paidPaise;
    else byEmail.set(row.email, { ...row });
  }
  return [...byEmail.values()];
}
