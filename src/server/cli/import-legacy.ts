/**
 * `npm run import:legacy -- --dir DIR [--paid FILE.csv] [--fetch-pictures] [--dry-run]`
 * Brings the legacy app's export (LEGACY.md) into the database of DATA_DIR, with the server
 * stopped: it refuses while a server has the database open. `--fetch-pictures` downloads the
 * profile pictures from Cloudinary. Prints the report and writes it beside the database. Exits 1
 * when the export was refused or could not be read.
 */
import { existsSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { databaseFile } from '../db/client.js';
import { openDatabaseForImport } from '../features/legacy/legacy-database.js';
import { importLegacy } from '../features/legacy/legacy-import.service.js';
import { pictureFetcher } from '../features/legacy/legacy-profile-pictures.js';
import { renderReport } from '../features/legacy/legacy-report.js';

const usage = 'Usage: npm run import:legacy -- --dir DIR [--paid FILE.csv] [--fetch-pictures] [--dry-run]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let values: { dir?: string | undefined; paid?: string | undefined; 'fetch-pictures'?: boolean | undefined; 'dry-run'?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      options: {
        dir: { type: 'string' },
        paid: { type: 'string' },
        'fetch-pictures': { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
  if (!values.dir) fail(usage);
  const dir = path.resolve(values.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) fail(`${dir} is not a folder.\n${usage}`);
  const paidFile = values.paid ? path.resolve(values.paid) : undefined;
  if (paidFile && !existsSync(paidFile)) fail(`${paidFile} does not exist.`);

  let dataDir: string;
  try {
    dataDir = loadConfig().dataDir;
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const file = databaseFile(dataDir);
  const db = openDatabaseForImport(file);
  if (!db) {
    fail(`The database ${file} is in use, most likely by the running server. Stop the server, then run the import again.`);
  }
  const dryRun = values['dry-run'] ?? false;
  const now = Date.now();
  let text: string;
  let refused: boolean;
  try {
    const fetchPicture = values['fetch-pictures'] ? pictureFetcher() : undefined;
    const report = await importLegacy(db, { dir, paidFile, dryRun, dataDir, now, fetchPicture });
    text = renderReport(report);
    refused = report.refused;
  } finally {
    db.$client.close();
  }
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const reportFile = path.join(dataDir, `legacy-import-${stamp}${dryRun ? '-dry-run' : ''}.txt`);
  await writeFile(reportFile, text);
  process.stdout.write(text);
  console.log(`\nThis report is also in ${reportFile}`);
  if (refused) process.exit(1);
}

main().catch((error: unknown) => fail(`The import failed and changed nothing: ${error instanceof Error ? error.message : String(error)}`));
