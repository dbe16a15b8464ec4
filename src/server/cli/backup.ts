/**
 * `npm run backup -- FILE`: writes a consistent copy of the database to FILE while the server
 * keeps running. VACUUM INTO reads one snapshot (WAL lets the server go on writing meanwhile)
 * and writes a compact, self-contained database file. The copy is checked before the command
 * says it is done. Uploaded pictures live in DATA_DIR/uploads: copy that folder as well.
 */
import { closeSync, existsSync, openSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.js';
import { databaseFile } from '../db/client.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const target = process.argv[2];
if (!target) fail('Usage: npm run backup -- FILE');
const destination = path.resolve(target);
if (existsSync(destination)) fail(`${destination} already exists; choose a new file name.`);

let source: string;
try {
  source = databaseFile(loadConfig().dataDir);
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
if (!existsSync(source)) fail(`There is no database at ${source}. Is DATA_DIR right?`);

// The copy holds every account: it is created readable by its owner only (VACUUM INTO fills an empty file).
closeSync(openSync(destination, 'wx', 0o600));
const db = new Database(source, { fileMustExist: true });
db.pragma('busy_timeout = 10000');
try {
  db.prepare('VACUUM INTO ?').run(destination);
} catch (error) {
  rmSync(destination, { force: true });
  throw error;
} finally {
  db.close();
}

const copy = new Database(destination, { readonly: true });
const check = copy.pragma('integrity_check', { simple: true });
copy.close();
if (check !== 'ok') fail(`The copy at ${destination} failed its integrity check: ${String(check)}`);
console.log(`Backed up ${source} to ${destination} (${(statSync(destination).size / 1024).toFixed(0)} KB, integrity ok).`);
