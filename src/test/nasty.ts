import fc from 'fast-check';

/**
 * Inputs an attacker or a broken client sends: wrong types, nulls, huge strings, deep nesting,
 * unicode edge cases, SQL and HTML fragments. Used by the bad-input property tests.
 */

/** Unicode that breaks naive code: lone surrogates, direction marks, zero-width, emoji, Devanagari. */
export const unicodeEdgeCases = [
  '\uD800',
  '\uDFFF',
  'a\uDC00b\uD83D',
  '\u202Egnp.exe\u202C',
  '\u200F\u200E',
  '\u200B\u200C\u200D\uFEFF',
  '\u2060\u00AD',
  '👩‍👩‍👧‍👦🇮🇳',
  '😀'.repeat(20),
  'मराठी यश ₹१,००,०००',
  'क्‍ष ज्ञ श्र',
  '१२३४५६',
  '１２３４５６',
  'e\u0301\u0301\u0301',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\r\n\r\nX-Injected: 1',
  '\t \n ',
  '',
  ' ',
];

/** Fragments of SQL, HTML, templates and paths, and text that looks like other types. */
export const injectionFragments = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '" OR ""="',
  '1 UNION SELECT password_hash FROM users --',
  "admin'--",
  "'); DELETE FROM orders; --",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '__proto__',
  'constructor',
  'toString',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x10',
  ' 1 ',
  '9007199254740993',
  '999999999999999999999',
  '1.5',
  'true',
  '[]',
  '{}',
  'a@b',
  'x@x.x\u0000',
];

/** Any single code point, or one of the edge cases above. */
const nastyUnit = fc.oneof(
  fc.constantFrom(...unicodeEdgeCases.filter((text) => text.length > 0)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.constantFrom('<', '>', '"', "'", '&', ';', '-', '%', '\\', '/', '\u0000'),
);

/**
 * Strings. `maxHuge` caps the long ones: bodies take hundreds of kilobytes, a URL (query or
 * path) must stay under the server's header limit.
 */
export function nastyString(maxHuge: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...unicodeEdgeCases, ...injectionFragments),
    fc.string({ unit: nastyUnit, maxLength: 40 }),
    fc.tuple(fc.constantFrom(...injectionFragments), fc.constantFrom(...unicodeEdgeCases)).map(([a, b]) => a + b),
    fc
      .integer({ min: Math.min(300, maxHuge), max: maxHuge })
      .chain((length) => fc.constantFrom('x'.repeat(length), 'ऋ'.repeat(length / 2), '9'.repeat(length))),
  );
}

export function nestedArray(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

export function nestedObject(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

/** Anything but a string: nulls, numbers at the edges, booleans, arrays, objects, deep nesting. */
export function wrongType(maxDepth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(null, true, false, 0, -1, -0, 1.5, 2 ** 53 + 1, -(2 ** 63), Number.MAX_VALUE, 1e-320, [], {}, [null], { $gt: '' }),
    fc.integer(),
    fc.double(),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', 'toString', ''), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    fc.integer({ min: 20, max: maxDepth }).chain((depth) => fc.constantFrom(nestedArray(depth), nestedObject(depth))),
  );
}

/** A value for one field: a wrong type or a nasty string. */
export function nastyValue(options: { maxHuge: number; maxDepth: number }): fc.Arbitrary<unknown> {
  return fc.oneof(nastyString(options.maxHuge), wrongType(options.maxDepth));
}

/**
 * Percent-encodes text byte by byte, so lone surrogates (which encodeURIComponent refuses)
 * still travel: they become U+FFFD, as a browser would send them.
 */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/** Path segments that are not valid percent-encoding or decode to surprises. */
export const rawPathSegments = [
  '%ED%A0%80',
  '%E0%A4%A',
  '%00',
  '%2e%2e%2f%2e%2e',
  '%FF%FE',
  '..',
  '%20',
  '%25',
  '1%00',
  '1;2',
  '1,2',
  '-1',
  '0',
  '1.0',
  '01',
  '1e3',
];
