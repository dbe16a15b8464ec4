/**
 * `npm run docs:settings`: writes the settings table of docs/operations.md (between its
 * `settings:start` and `settings:end` comments) from the settings' schema in config.ts, so each
 * setting is described once. settings-table.test.ts fails when the doc's table is not this one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { envSchema } from '../config.js';
import { projectRoot } from '../http/serve-client.js';

export const operationsDoc = path.join(projectRoot, 'docs', 'operations.md');

const START = '<!-- settings:start -->';
const END = '<!-- settings:end -->';

/** The default as operators see it: the text the setting gives, or else what the setting reads as when unset. */
function shownDefault(name: string, setting: (typeof envSchema.shape)[keyof typeof envSchema.shape]): string {
  const given = setting.meta()?.default;
  if (typeof given === 'string') return given;
  const parsed = setting.safeParse(undefined);
  if (!parsed.success) throw new Error(`${name}: its default does not parse: ${parsed.error.message}`);
  return parsed.data === undefined ? 'unset' : `\`${String(parsed.data)}\``;
}

export function settingsTable(): string {
  const rows = Object.entries(envSchema.shape).map(([name, setting]) => {
    const description = setting.meta()?.description;
    if (!description) throw new Error(`${name} has no description: give it one with .describe() in src/server/config.ts`);
    const cells = [`\`${name}\``, shownDefault(name, setting), description].map((cell) => cell.replaceAll('|', '\\|'));
    return `| ${cells.join(' | ')} |`;
  });
  return ['| setting | default | what it does |', '|---|---|---|', ...rows].join('\n');
}

/** The document with the table between its markers replaced by the one the schema gives. */
export function withSettingsTable(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end < start) throw new Error(`expected the markers ${START} and ${END} around the settings table`);
  return `${doc.slice(0, start + START.length)}\n${settingsTable()}\n${doc.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const doc = readFileSync(operationsDoc, 'utf8');
  const updated = withSettingsTable(doc);
  writeFileSync(operationsDoc, updated);
  console.log(updated === doc ? 'docs/operations.md: the settings table was already current.' : 'docs/operations.md: settings table written.');
}
