import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../server/http/serve-client.js';
import { cleanupsPerTest } from './cleanups.js';

/** The legacy app's sample export, as the import reads it. */
export const legacySampleDir = path.resolve(projectRoot, 'src/test/fixtures/legacy-sample');

/** Copies of the sample export that a test may spoil, each removed after its test: `const copyOfSample = sampleCopies('legacy-export-')`. */
export function sampleCopies(prefix: string): () => Promise<string> {
  const { tempDir } = cleanupsPerTest();
  return async () => {
    const dir = await tempDir(prefix);
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
