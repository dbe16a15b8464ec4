import { eq } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { saveImage } from '../../lib/images.js';
import { PROFILE_IMAGE_WIDTH } from '../../lib/uploads.js';
import { findActiveUserByEmail } from '../auth/accounts.service.js';
import type { Accounts } from './legacy-accounts.js';
import type { LegacyExport } from './legacy-export.js';
import { mappedId, remember } from './legacy-ids.js';
import { accountEmail, dateOf, idTime } from './legacy-records.js';
import type { Problems } from './legacy-report.js';
import type { ImportRun } from './legacy-run.js';

/**
 * Profile pictures: the legacy app kept them on Cloudinary, which the operator stops paying for
 * once they have moved. With `--fetch-pictures` the import downloads each one before its
 * transaction and re-encodes it as an upload would be; a picture that cannot be fetched or read
 * is a warning, and its learner can upload one again. An account that already has a picture here
 * keeps it, and a picture is brought over once: a learner who removes it does not get it back.
 */

/** Fetches a picture's bytes, or throws with the reason in words. */
export type FetchPicture = (url: string) => Promise<Buffer>;

/** A profile upload's own limit. */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** Cloudinary answers in well under a second; a stuck answer must not hold the import. */
const FETCH_TIMEOUT_MS = 15_000;
const FETCHES_AT_ONCE = 4;

/** Pictures on Cloudinary's delivery hosts (`res.cloudinary.com`), over https; nothing else is fetched. */
export function cloudinaryAddress(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  if (url.hostname !== 'res.cloudinary.com' && !url.hostname.endsWith('.res.cloudinary.com')) return null;
  url.protocol = 'https:';
  return url;
}

/**
 * The fetcher the command uses. Only addresses that `allowed` returns are fetched; a redirect,
 * an answer other than 200, one over 5 MB or one slower than 15 s is refused.
 */
export function pictureFetcher(allowed: (raw: string) => URL | null = cloudinaryAddress, timeoutMs = FETCH_TIMEOUT_MS): FetchPicture {
  return async (raw) => {
    const url = allowed(raw);
    if (!url) throw new Error('not a Cloudinary picture address');
    let answer: Response;
    try {
      answer = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new Error((error as Error).name === 'TimeoutError' ? 'no answer in time' : 'could not be reached');
    }
    if (answer.status !== 200) {
      await answer.body?.cancel();
      throw new Error(`answered ${answer.status}`);
    }
    if (Number(answer.headers.get('content-length') ?? 0) > MAX_PICTURE_BYTES) {
      await answer.body?.cancel();
      throw new Error('is over 5 MB');
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of answer.body ?? []) {
        size += chunk.byteLength;
        if (size > MAX_PICTURE_BYTES) throw new Error('is over 5 MB');
        chunks.push(chunk);
      }
    } catch (error) {
      await answer.body?.cancel().catch(() => undefined);
      throw new Error((error as Error).message === 'is over 5 MB' ? 'is over 5 MB' : 'broke off');
    }
    return Buffer.concat(chunks);
  };
}

/** Each legacy user's picture address: their newest profileimages entry, else users.profileImage. */
function pictureAddresses(data: LegacyExport): Map<string, string> {
  const addresses = new Map<string, string>();
  for (const user of data.users) if (user.profileImage?.trim()) addresses.set(user._id, user.profileImage.trim());
  const newestFirst = [...data.profileImages].sort((a, b) => idTime(b._id) - idTime(a._id) || b._id.localeCompare(a._id));
  const seen = new Set<string>();
  for (const entry of newestFirst) {
    if (!entry.userID || !entry.profileImage?.trim() || seen.has(entry.userID)) continue;
    seen.add(entry.userID);
    addresses.set(entry.userID, entry.profileImage.trim());
  }
  return addresses;
}

/** Whether the account of this legacy user here (imported before, or one of the same email) has a picture. */
function accountHasPicture(db: Db, legacyUserId: string, email: string): boolean {
  const accountId = mappedId(db, 'user', legacyUserId) ?? findActiveUserByEmail(db, accountEmail(email))?.id;
  if (accountId === undefined) return false;
  return Boolean(db.select({ profileImage: users.profileImage }).from(users).where(eq(users.id, accountId)).get()?.profileImage);
}

/**
 * The picture each account still needs: one per email, like accounts, from the earliest legacy
 * user of that email that has one; none for an email whose account has a picture, or was given
 * one by an earlier import.
 */
function picturesNeeded(db: Db, data: LegacyExport): { legacyUserId: string; email: string; address: string }[] {
  const addresses = pictureAddresses(data);
  const earliestFirst = [...data.users].sort((a, b) => dateOf(a.createdAt, a._id) - dateOf(b.createdAt, b._id) || a._id.localeCompare(b._id));
  const settled = new Set<string>();
  for (const user of earliestFirst) if (mappedId(db, 'picture', user._id) !== undefined) settled.add(accountEmail(user.email));
  const needed = new Map<string, { legacyUserId: string; email: string; address: string }>();
  for (const user of earliestFirst) {
    const email = accountEmail(user.email);
    const address = addresses.get(user._id);
    if (!address || settled.has(email) || needed.has(email)) continue;
    needed.set(email, { legacyUserId: user._id, email: user.email.trim(), address });
  }
  return [...needed.values()].filter((picture) => !accountHasPicture(db, picture.legacyUserId, picture.email));
}

/**
 * Before the transaction: the re-encoded picture file of each legacy user that needs one, in
 * `target`. Without a fetcher, the pictures left on Cloudinary are only counted.
 */
export async function prepareProfilePictures(
  db: Db,
  data: LegacyExport,
  fetchPicture: FetchPicture | undefined,
  target: string,
  problems: Problems,
): Promise<{ files: Map<string, string>; notFetched: number }> {
  const files = new Map<string, string>();
  const needed = picturesNeeded(db, data);
  if (!fetchPicture) {
    if (needed.length > 0)
      problems.add(
        'note',
        'users.json',
        `${needed.length} profile pictures are still where the legacy app kept them (Cloudinary): run the import again with --fetch-pictures to bring them here, or learners upload one again`,
      );
    return { files, notFetched: needed.length };
  }

  const limit = pLimit(FETCHES_AT_ONCE);
  const fetched = new Map<string, Promise<Buffer>>();
  const fetchOnce = (address: string) => {
    if (!fetched.has(address)) fetched.set(address, fetchPicture(address));
    return fetched.get(address)!;
  };
  const outcomes = await Promise.all(
    needed.map((picture) =>
      limit(async () => {
        try {
          const saved = await saveImage(await fetchOnce(picture.address), target, [PROFILE_IMAGE_WIDTH]).catch((error: unknown) => {
            throw new Error(
              error instanceof AppError && error.appCode === 'IMAGE_INVALID'
                ? 'is not a picture that can be read'
                : `could not be saved (${(error as Error).message})`,
            );
          });
          return { picture, file: saved.files[0]! };
        } catch (error) {
          return { picture, failure: (error as Error).message };
        }
      }),
    ),
  );
  // In the export's order, whatever order the fetches ended in, so that a dry run reports what the real run does.
  for (const outcome of outcomes) {
    const { legacyUserId, email, address } = outcome.picture;
    if (outcome.file) files.set(legacyUserId, outcome.file);
    else
      problems.add(
        'warning',
        `users.json ${legacyUserId} (${email})`,
        `profile picture ${address} ${outcome.failure}: not brought over, the learner can upload one again`,
      );
  }
  return { files, notFetched: 0 };
}

/** In the transaction: each account without a picture takes its earliest legacy user's. Answers the files used. */
export function importProfilePictures(run: ImportRun, { legacyOf }: Accounts, files: Map<string, string>): Set<string> {
  const { tx, now, counts } = run;
  const used = new Set<string>();
  for (const [accountId, group] of legacyOf) {
    const user = group.find((legacyUser) => files.has(legacyUser._id));
    if (!user) continue;
    const current = tx.select({ profileImage: users.profileImage }).from(users).where(eq(users.id, accountId)).get();
    if (current?.profileImage) continue;
    const file = files.get(user._id)!;
    tx.update(users).set({ profileImage: file }).where(eq(users.id, accountId)).run();
    remember(tx, 'picture', user._id, accountId, now);
    used.add(file);
    counts.profilePictures += 1;
  }
  return used;
}
