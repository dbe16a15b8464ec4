import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import streamArray from 'stream-json/streamers/stream-array.js';

/**
 * Reading mongoexport's files one document at a time, whatever their size: a `--jsonArray` file
 * through stream-json's array streamer, a file of one document a line through readline. Only one
 * document is in memory at once. Values in MongoDB Extended JSON v2, relaxed or canonical, are
 * decoded to plain values: `$oid` to its hex string, `$date` to epoch milliseconds, `$number…` to
 * numbers.
 */

/** A file of the export that cannot be read as a whole: nothing of the export is imported. */
export class LegacyFileError extends Error {
  constructor(
    readonly file: string,
    readonly where: string,
    message: string,
  ) {
    super(`${file}, ${where}: ${message}`);
    this.name = 'LegacyFileError';
  }
}

export type LegacyDocument = { index: number; doc: unknown };

async function firstCharacter(file: string): Promise<string | null> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    for (let position = 0; ; ) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) return null;
      const text = buffer
        .subarray(0, bytesRead)
        .toString('utf8')
        .replace(/^\uFEFF/, '');
      const match = /\S/.exec(text);
      if (match) return match[0];
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/** The documents of one exported file, in file order, each with its 1-based number. */
export async function* readDocuments(file: string, name: string): AsyncGenerator<LegacyDocument> {
  const first = await firstCharacter(file);
  if (first === null) return;
  if (first === '[') {
    const stream = createReadStream(file).pipe(streamArray.withParserAsStream());
    let index = 0;
    try {
      for await (const item of stream as AsyncIterable<{ key: number; value: unknown }>) {
        index = item.key + 1;
        yield { index, doc: decodeExtendedJson(item.value) };
      }
    } catch (error) {
      stream.destroy();
      throw new LegacyFileError(name, `after record ${index}`, `the file is not complete JSON (${(error as Error).message}); export it again`);
    }
    return;
  }
  if (first !== '{') throw new LegacyFileError(name, 'start', 'expected a JSON array or one JSON document a line');
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNumber = 0;
  let index = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (!line.trim()) continue;
    let doc: unknown;
    try {
      doc = JSON.parse(line.replace(/^\uFEFF/, ''));
    } catch (error) {
      lines.close();
      throw new LegacyFileError(name, `line ${lineNumber}`, `not a complete JSON document (${(error as Error).message}); export it again`);
    }
    index += 1;
    yield { index, doc: decodeExtendedJson(doc) };
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Relaxed or canonical Extended JSON v2 to plain values. */
export function decodeExtendedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeExtendedJson);
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const key = keys[0]!;
    const inner = value[key];
    if (key === '$oid' && typeof inner === 'string') return inner.toLowerCase();
    if ((key === '$numberInt' || key === '$numberLong' || key === '$numberDouble' || key === '$numberDecimal') && typeof inner === 'string') {
      const number = Number(inner);
      return Number.isFinite(number) ? number : inner;
    }
    if (key === '$date') {
      const raw = decodeExtendedJson(inner);
      const at = typeof raw === 'number' ? raw : typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
      return Number.isFinite(at) ? new Date(at) : value;
    }
  }
  const decoded: Record<string, unknown> = {};
  for (const key of keys) decoded[key] = decodeExtendedJson(value[key]);
  return decoded;
}
