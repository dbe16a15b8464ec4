import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredErrors } from './errors.js';

/**
 * Each error code a client can see is declared once in the whole server: in one catalog
 * (`defineErrors`, from a `*.errors.json`) or at one `new AppError('CODE', …)` (an error whose
 * text carries numbers or names). A code declared twice could answer with two texts, or mean two
 * things to a client that acts on it.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const sources = (readdirSync(serverDir, { recursive: true }) as string[])
  .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
  .map((file) => ({ file, text: readFileSync(path.join(serverDir, file), 'utf8') }));

async function allDeclaredCodes(): Promise<{ code: string; where: string }[]> {
  const found: { code: string; where: string }[] = [];
  for (const { file, text } of sources) {
    if (file === path.join('lib', 'errors.ts') || !text.includes('defineErrors(')) continue;
    const before = declaredErrors.length;
    await import(path.join(serverDir, file));
    for (const { code } of declaredErrors.slice(before)) found.push({ code, where: `a catalog loaded by ${file}` });
  }
  for (const { file, text } of sources) {
    for (const match of text.matchAll(/new AppError\(\s*'([A-Z][A-Z0-9_]*)'/g)) found.push({ code: match[1]!, where: file });
  }
  return found;
}

describe('error codes', () => {
  it('are each declared once in the whole server', async () => {
    const found = await allDeclaredCodes();
    expect(found.length).toBeGreaterThan(100);
    const places = new Map<string, string[]>();
    for (const { code, where } of found) places.set(code, [...(places.get(code) ?? []), where]);
    const twice = [...places].filter(([, where]) => where.length > 1).map(([code, where]) => `${code}: ${where.join('; ')}`);
    expect(twice).toEqual([]);
  });

  it('load every catalog file, each text in both languages', async () => {
    await allDeclaredCodes();
    const declared = new Map(declaredErrors.map((error) => [error.code, error.text]));
    const catalogs = (readdirSync(serverDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.errors.json'));
    expect(catalogs.length).toBeGreaterThan(15);
    for (const file of catalogs) {
      const catalog = JSON.parse(readFileSync(path.join(serverDir, file), 'utf8')) as Record<string, { en: string; mr: string }>;
      for (const [code, text] of Object.entries(catalog)) {
        expect(declared.get(code), `${code} of ${file}`).toEqual({ en: text.en, mr: text.mr });
        expect(text.en.trim() && text.mr.trim() && text.en !== text.mr, `${code} of ${file}`).toBeTruthy();
      }
    }
  });
});
