import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { projectRoot } from '../server/http/serve-client.js';

/** The legacy app's sample export, as the import reads it. */
export const legacySampleDir = path.resolve(projectRoot, 'src/test/fixtures/legacy-sample');

/** Copies of the sample export that a test may spoil, each removed after its test: `const copyOfSample = sampleCopies('legacy-export-')`. */
export function sampleCopies(prefix: string): () => Promise<string> {
  const made: string[] = [];
  afterEach(async () => {
    for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  return async () => {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    made.push(dir);
    await cp(legacySampleDir, dir, { recursive: true });
    return dir;
  };
}

/** Changes the documents of one collection file (`users.json`…) of an export. */
export async function editJson(dir: string, name: string, edit: (docs: any[]) => void): Promise<void> {
  const file = path.join(dir, `${name}.json`);
  const docs = JSON.parse(await readFile(file, 'utf8')) as any[];
  edit(docs);
  await writeFile(file, JSON.stringify(docs, null, 1));
}
