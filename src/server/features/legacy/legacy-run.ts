import type { DbTransaction } from '../../db/client.js';
import type { LegacyExport } from './legacy-export.js';
import type { ImportCounts, Problems } from './legacy-report.js';

/** What every step of one import shares: the transaction it writes in, the export, its time and what it reports. */
export type ImportRun = { tx: DbTransaction; data: LegacyExport; now: number; problems: Problems; counts: ImportCounts };
