import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import { removeImageFiles } from '../../lib/images.js';
import { readCache } from '../../lib/read-cache.js';
import { packageImagesDir, profileImagesDir } from '../../lib/uploads.js';
import { importAccounts, importSponsors } from './legacy-accounts.js';
import { importOpeningBalances } from './legacy-balances.js';
import { importLectures, importPackages } from './legacy-catalogue.js';
import { readExport } from './legacy-export.js';
import { importPendingOrders, importPurchases, reserveLegacyUtrs } from './legacy-orders.js';
import { prepareImages, type PreparedImage } from './legacy-package-pictures.js';
import { importProfilePictures, prepareProfilePictures, type FetchPicture } from './legacy-profile-pictures.js';
import { emptyCounts, nothingNewIn, Problems, type ImportReport } from './legacy-report.js';
import type { ImportRun } from './legacy-run.js';

/**
 * The import of the legacy app's export (LEGACY.md) into this database, in one transaction: it
 * all lands or nothing does. Rows remember their legacy id (`legacy_ids`), so a second run with
 * the same export finds everything already there, and a later, larger export adds only what is
 * new. A dry run runs the very same code and rolls back, so its report is the real one.
 */

export type ImportOptions = {
  /** The export's folder: users.json, courses.json, lectures.json, transactions.json, pendingorders.json, uploads/. */
  dir: string;
  /** paid.csv: `email,amount_paid` in rupees. */
  paidFile?: string | undefined;
  dryRun: boolean;
  /** DATA_DIR: package pictures go to its uploads/packages. */
  dataDir: string;
  now: number;
  /** Brings the legacy profile pictures here (`--fetch-pictures`); without it they are only counted. */
  fetchPicture?: FetchPicture | undefined;
};

class DryRunRollback extends Error {}

/** Everything the import writes, inside the caller's transaction, step by step in this order. */
function applyExport(run: ImportRun, images: Map<string, PreparedImage>, profilePictures: Map<string, string>): Set<string> {
  const accounts = importAccounts(run);
  importSponsors(run, accounts);
  const packageOf = importPackages(run, images);
  importLectures(run, packageOf);
  importPurchases(run, accounts, packageOf);
  reserveLegacyUtrs(run);
  importPendingOrders(run, accounts, packageOf);
  importOpeningBalances(run, accounts);
  return importProfilePictures(run, accounts, profilePictures);
}

/**
 * Reads the export (streaming, one document at a time), refuses it whole when any document is
 * unusable, re-encodes new package pictures (and fetches profile pictures when asked), then
 * writes everything in one transaction. A dry run does all of it and rolls back, and removes the
 * pictures it made; so does a run that fails. Profile pictures no account took are removed too.
 */
export async function importLegacy(db: Db, options: ImportOptions): Promise<ImportReport> {
  const problems = new Problems();
  const counts = emptyCounts();
  const report = (refused: boolean): ImportReport => {
    return {
      dir: options.dir,
      dryRun: options.dryRun,
      at: options.now,
      refused,
      nothingNew: !refused && nothingNewIn(counts),
      counts,
      problems: problems.reported(),
    };
  };

  const data = await readExport(options, problems);
  if (problems.faults > 0) return report(true);

  const dryRunDir = options.dryRun ? await mkdtemp(path.join(tmpdir(), 'legacy-dry-run-')) : undefined;
  const packageTarget = dryRunDir ?? packageImagesDir(options.dataDir);
  const profileTarget = dryRunDir ?? profileImagesDir(options.dataDir);
  let images = new Map<string, PreparedImage>();
  let profilePictures = new Map<string, string>();
  let profilePicturesUsed = new Set<string>();
  let committed = false;
  try {
    images = await prepareImages(db, data, options.dir, packageTarget, problems);
    const fetched = await prepareProfilePictures(db, data, options.fetchPicture, profileTarget, problems);
    profilePictures = fetched.files;
    counts.profilePicturesNotFetched = fetched.notFetched;
    db.transaction((tx) => {
      profilePicturesUsed = applyExport({ tx, data, now: options.now, problems, counts }, images, profilePictures);
      if (options.dryRun) throw new DryRunRollback();
    });
    committed = true;
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  } finally {
    if (!committed) for (const image of images.values()) await removeImageFiles(packageTarget, image.files);
    const unused = [...profilePictures.values()].filter((file) => !committed || !profilePicturesUsed.has(file));
    await removeImageFiles(profileTarget, unused);
    if (dryRunDir) await rm(dryRunDir, { recursive: true, force: true });
  }
  // Accounts, packages, purchases and balances all changed: nothing kept in memory holds.
  if (committed) readCache(db).clear();
  return report(false);
}
