import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class StartupError extends Error {
  override name = 'StartupError';
}

/** Enough to hold a burst of writes; a disk with less free space is as good as full. */
const PROBE_BYTES = 256 * 1024;

/**
 * Makes sure the data folder exists and takes writes before anything else starts, so a
 * read-only or full disk stops the start with a message that says so, instead of failing on
 * the first registration.
 */
export function checkDataDir(dir: string): void {
  const probe = path.join(dir, `.write-check-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(probe, Buffer.alloc(PROBE_BYTES), { flush: true, mode: 0o600 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      throw new StartupError(`DATA_DIR ${dir} is on a full disk: free some space (the database, uploads and emails live there).`);
    }
    if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') {
      throw new StartupError(`DATA_DIR ${dir} is read-only: the server must be able to write its database, uploads and emails there.`);
    }
    throw new StartupError(`DATA_DIR ${dir} cannot be used: ${(error as Error).message}`);
  } finally {
    rmSync(probe, { force: true });
  }
}
