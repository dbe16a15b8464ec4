import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Marathi texts held to the glossary (src/client/locales/GLOSSARY.md): the app's catalogues and
 * the server's (its errors and messages, *.errors.json and *.messages.json) keep the words it says
 * are never used out, say counts by plural forms, write postpositions on to their word, and show
 * no setting names or reference codes; the server's emails, PDFs and drawn pages (Marathi written
 * in its code) keep the never-used words out too.
 */
const localesDir = path.resolve(import.meta.dirname, '../locales');
const glossary = readFileSync(path.join(localesDir, 'GLOSSARY.md'), 'utf8');

type Text = { file: string; key: string; text: string; plural: boolean };

/** Every text of a language's catalogues, with where it is and whether it is a form of a count. */
function textsOf(lang: 'en' | 'mr'): Text[] {
  const texts: Text[] = [];
  const walk = (file: string, node: unknown, key: string, plural: boolean) => {
    if (typeof node === 'string') texts.push({ file, key, text: node, plural });
    else if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(file, item, `${key}.${index}`, plural);
    } else if (node && typeof node === 'object') {
      const forms = typeof (node as { other?: unknown }).other === 'string';
      for (const [name, value] of Object.entries(node)) walk(file, value, key ? `${key}.${name}` : name, forms);
    }
  };
  for (const file of readdirSync(path.join(localesDir, lang)).filter((name) => name.endsWith('.json'))) {
    walk(file, JSON.parse(readFileSync(path.join(localesDir, lang, file), 'utf8')), '', false);
  }
  return texts;
}

/** The glossary's "never" column: each word in backticks, for every catalogue or only the files named after it in brackets. */
function neverRules(): { word: string; files: string[] | null }[] {
  const rules: { word: string; files: string[] | null }[] = [];
  for (const row of glossary.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| English'))) {
    const never = row.split(' | ')[2] ?? '';
    for (const found of never.matchAll(/`([^`]+)`(?: \(in ([^)]+)\))?/g)) {
      rules.push({ word: found[1]!, files: found[2] ? found[2].split(/,\s*/) : null });
    }
  }
  return rules;
}

const serverDirs = [path.resolve(import.meta.dirname, '../../server'), path.resolve(import.meta.dirname, '../../shared')];
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
const serverFiles = serverDirs.flatMap(filesUnder);

/** The server's catalogues: each key's Marathi text (`{ "en": …, "mr": … }`, or its plural forms). */
function serverCatalogueTexts(): Text[] {
  const texts: Text[] = [];
  for (const file of serverFiles.filter((name) => /(\.errors|\.messages|validation-messages)\.json$/.test(name))) {
    for (const [key, entry] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, { mr?: unknown }>)) {
      const mr = entry.mr;
      if (typeof mr === 'string') texts.push({ file: path.basename(file), key, text: mr, plural: false });
      else if (mr && typeof mr === 'object') {
        for (const [form, text] of Object.entries(mr))
          if (typeof text === 'string') texts.push({ file: path.basename(file), key: `${key}.${form}`, text, plural: true });
      }
    }
  }
  return texts;
}

/** Every line of the server's code (tests aside) with Devanagari in it: emails, PDFs and drawn pages. */
function serverCodeLines(): Text[] {
  return serverFiles
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/[\u0900-\u097F]/.test(line) ? [{ file: path.basename(file), key: `line ${index + 1}`, text: line, plural: false }] : [])),
    );
}

const where = (text: Text) => `${text.file}: ${text.key}: ${text.text}`;

describe('the Marathi texts keep to the glossary', () => {
  const marathi = [...textsOf('mr'), ...serverCatalogueTexts()];

  it('reads the server catalogues and the server code too', () => {
    expect(serverCatalogueTexts().map((text) => text.file)).toEqual(
      expect.arrayContaining(['orders.errors.json', 'payouts.errors.json', 'validation-messages.json']),
    );
    expect(serverCodeLines().map((text) => text.file)).toEqual(expect.arrayContaining(['payouts.emails.ts', 'page-extras.ts']));
  });

  it('never use the words the glossary says are not ours (sponsor, affiliate, payout, payment received…)', () => {
    const rules = neverRules();
    expect(rules.map((rule) => rule.word)).toEqual(expect.arrayContaining(['रेफरर', 'पेमेंट', 'पेमेंट मिळाले, तपासणी', 'बोलावलेल्या व्यक्ती']));
    const broken = rules.flatMap((rule) =>
      [...marathi, ...serverCodeLines()]
        .filter((text) => (rule.files === null || rule.files.includes(text.file)) && text.text.includes(rule.word))
        .map((text) => `${rule.word} in ${where(text)}`),
    );
    expect(broken).toEqual([]);
  });

  it('say every count by plural forms, the number as {{count}}', () => {
    for (const lang of ['en', 'mr'] as const) {
      const counted = textsOf(lang).filter((text) => !text.plural && /\{\{(count|hours|seconds|max|days)\}\} \p{L}/u.test(text.text));
      expect(counted.map(where)).toEqual([]);
    }
  });

  it('write a postposition on to the name or number before it', () => {
    const loose = marathi.filter((text) => /\}\} (साठी|ची|चे|चा|च्या|ला|ना|मध्ये|मधून|मधील|कडे|कडून|वर|वरून|पासून|ने|तील)(?=[\s.,;:!?)"]|$)/u.test(text.text));
    expect(loose.map(where)).toEqual([]);
  });

  it('show no setting names or reference codes', () => {
    const english = marathi.filter((text) => /\b[A-Z]{2,}_[A-Z_]{2,}\b|\b(ORDER|PAYOUT|LINE)-\d/.test(text.text));
    expect(english.map(where)).toEqual([]);
  });
});
