import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { interpolate } from '../../shared/texts.js';

const localesDir = path.resolve(import.meta.dirname, '../locales');

function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  }
  return typeof value;
}

function placeholders(value: unknown): string[] {
  return (
    JSON.stringify(value)
      .match(/\{\{\s*\w+\s*\}\}/g)
      ?.sort() ?? []
  );
}

describe('catalogues', () => {
  const namespaces = readdirSync(path.join(localesDir, 'en')).filter((file) => file.endsWith('.json'));

  it.each(namespaces)('%s has the same keys, list lengths and placeholders in Marathi as in English', (file) => {
    const en = JSON.parse(readFileSync(path.join(localesDir, 'en', file), 'utf8')) as unknown;
    const mr = JSON.parse(readFileSync(path.join(localesDir, 'mr', file), 'utf8')) as unknown;
    expect(shape(mr)).toEqual(shape(en));
    expect(placeholders(mr)).toEqual(placeholders(en));
  });

  it('has a Marathi file for every English one', () => {
    expect(readdirSync(path.join(localesDir, 'mr')).sort()).toEqual(readdirSync(path.join(localesDir, 'en')).sort());
  });
});

describe('Marathi spelling', () => {
  const sourceDir = path.resolve(import.meta.dirname, '../..');
  const textFiles = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.(tsx?|json)$/.test(file) && file !== path.join('test', 'nasty.ts'),
  );

  it('writes the short ॲ as one letter (U+0972) everywhere, as the glossary says, never अ + ZWJ + ॅ', () => {
    const joined = '\u0905\u200d\u0945';
    expect(textFiles.length).toBeGreaterThan(100);
    expect(textFiles.filter((file) => readFileSync(path.join(sourceDir, file), 'utf8').includes(joined))).toEqual([]);
  });
});

describe('interpolate', () => {
  it('fills named placeholders and leaves unknown ones', () => {
    expect(interpolate('Welcome back, {{name}}!', { name: 'Asha' })).toBe('Welcome back, Asha!');
    expect(interpolate('{{ count }} of {{total}}', { count: 2 })).toBe('2 of {{total}}');
  });
});
