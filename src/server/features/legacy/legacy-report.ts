import { formatRupees } from '../../../shared/money.js';

/** What an import found and did: its counts, its problems line by line, and the report people read. */

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
  /** UTRs of successful legacy payments no order here holds (their buyer or course did not come over, a second payment): no new order may use them. */
  utrsReserved: number;
  openingEarnings: number;
  openingEarningsPaise: number;
  openingPayouts: number;
  openingPayoutsPaise: number;
  profilePictures: number;
  profilePicturesNotFetched: number;
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

/** Faults are listed up to this many; the count says how many there were. */
const MAX_FAULTS_LISTED = 50;

export function emptyCounts(): ImportCounts {
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
    utrsReserved: 0,
    openingEarnings: 0,
    openingEarningsPaise: 0,
    openingPayouts: 0,
    openingPayoutsPaise: 0,
    profilePictures: 0,
    profilePicturesNotFetched: 0,
  };
}

/** The problems found so far; faults past the limit are counted, not listed. */
export class Problems {
  readonly list: Problem[] = [];
  faults = 0;
  add(level: ProblemLevel, where: string, message: string): void {
    if (level === 'fault') {
      this.faults += 1;
      if (this.faults > MAX_FAULTS_LISTED) return;
    }
    this.list.push({ level, where, message });
  }

  /** The list as reported: past the limit, one line says how many more faults there were. */
  reported(): Problem[] {
    const unlisted = this.faults - MAX_FAULTS_LISTED;
    return unlisted > 0 ? [...this.list, { level: 'fault', where: 'export', message: `${unlisted} more faults not listed` }] : this.list;
  }
}

export function nothingNewIn(counts: ImportCounts): boolean {
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
      counts.utrsReserved +
      counts.openingEarnings +
      counts.openingPayouts +
      counts.profilePictures ===
    0
  );
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
      `UTRs taken:      ${c.utrsTaken} by imported orders, ${c.utrsReserved} reserved without an order (no new order can use any of them)`,
      `Pictures:        ${c.profilePictures} profile pictures brought over${c.profilePicturesNotFetched > 0 ? `, ${c.profilePicturesNotFetched} left on Cloudinary (run with --fetch-pictures)` : ''}`,
      `Opening balance: ${c.openingEarnings} earnings lines (${formatRupees(c.openingEarningsPaise)}), ${c.openingPayouts} payout lines (${formatRupees(c.openingPayoutsPaise)}); no commission is booked for imported purchases`,
    );
    if (report.problems.length > 0) lines.push('', 'Line by line:');
  }
  for (const problem of report.problems) lines.push(`  ${levelWords[problem.level]}: ${problem.where}: ${problem.message}`);
  return `${lines.join('\n')}\n`;
}
