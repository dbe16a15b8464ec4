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

/** No field of the legacy app holds more: a longer text is no export of it (and would only swell memory and the report). */
export const MAX_TEXT_LENGTH = 10_000;
/** The legacy documents nest three levels at most (`earnings`, `$date`, `$numberLong`). */
const MAX_DEPTH = 16;

/** A value no export of the legacy app holds: the file is refused, with where and why. */
class UnsafeValue extends Error {}

/** The document decoded, or the file refused at this record when a value is unsafe. */
function decoded(raw: unknown, name: string, where: string): unknown {
  try {
    return decodeExtendedJson(raw);
  } catch (error) {
    if (error instanceof UnsafeValue)
      throw new LegacyFileError(name, where, `${error.message}: this is not an export of the legacy app as mongoexport writes it`);
    throw error;
  }
}

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
        yield { index, doc: decoded(item.value, name, `record ${index}`) };
      }
    } catch (error) {
      stream.destroy();
      if (error instanceof LegacyFileError) throw error;
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
    let value: unknown;
    try {
      value = decoded(doc, name, `line ${lineNumber}`);
    } catch (error) {
      lines.close();
      throw error;
    }
    yield { index, doc: value };
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Relaxed or canonical Extended JSON v2 to plain values. Refuses what no legacy export holds and
 * what could harm the import: a field named `__proto__` (copying it would give the document a
 * prototype, whose fields, such as `role`, it would then seem to have), a text longer than
 * `MAX_TEXT_LENGTH`, and nesting deeper than a document of the legacy app goes.
 */
export function decodeExtendedJson(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new UnsafeValue(`has values nested more than ${MAX_DEPTH} levels deep`);
  if (typeof value === 'string' && value.length > MAX_TEXT_LENGTH) {
    throw new UnsafeValue(`has a text of ${value.length} characters (the longest the import takes is ${MAX_TEXT_LENGTH})`);
  }
  if (Array.isArray(value)) return value.map((item) => decodeExtendedJson(item, depth + 1));
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
      const raw = decodeExtendedJson(inner, depth + 1);
      const at = typeof raw === 'number' ? raw : typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
      return Number.isFinite(at) ? new Date(at) : value;
    }
  }
  const plain: Record<string, unknown> = {};
  for (const key of keys) {
    if (key === '__proto__') throw new UnsafeValue('has a field named "__proto__"');
    if (key.length > 100) throw new UnsafeValue(`has a field name of ${key.length} characters`);
    plain[key] = decodeExtendedJson(value[key], depth + 1);
  }
  return plain;
}
