import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Marathi catalogues held to the glossary (src/client/locales/GLOSSARY.md): the words it says
 * are never used, counts said by plural forms, postpositions written on to their word, and no
 * setting names or reference codes on a Marathi screen.
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

const where = (text: Text) => `${text.file}: ${text.key}: ${text.text}`;

describe('the Marathi catalogues keep to the glossary', () => {
  const marathi = textsOf('mr');

  it('never use the words the glossary says are not ours (sponsor, affiliate, payout, payment received…)', () => {
    const rules = neverRules();
    expect(rules.map((rule) => rule.word)).toEqual(expect.arrayContaining(['रेफरर', 'पेमेंट', 'पेमेंट मिळाले, तपासणी', 'बोलावलेल्या व्यक्ती']));
    const broken = rules.flatMap((rule) =>
      marathi
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
