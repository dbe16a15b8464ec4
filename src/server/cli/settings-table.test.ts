import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../config.js';
import { operationsDoc, settingsTable, withSettingsTable } from './settings-table.js';

describe('the settings table of docs/operations.md', () => {
  it('is the one the schema in config.ts gives (run `npm run docs:settings` after changing a setting)', () => {
    const doc = readFileSync(operationsDoc, 'utf8');
    expect(doc, 'docs/operations.md is out of date: run `npm run docs:settings`').toBe(withSettingsTable(doc));
  });

  it('has one row per setting, RAZORPAY_API_URL included, each with its default and description', () => {
    const rows = settingsTable().split('\n').slice(2);
    expect(rows.map((row) => /^\| `([A-Z_]+)` \|/.exec(row)?.[1])).toEqual(Object.keys(envSchema.shape));
    expect(rows.find((row) => row.startsWith('| `RAZORPAY_API_URL` |'))).toMatch(
      /^\| `RAZORPAY_API_URL` \| `https:\/\/api\.razorpay\.com` \| where Razorpay's API answers/,
    );
    expect(rows.find((row) => row.startsWith('| `PAYOUT_MINIMUM_RUPEES` |'))).toMatch(/\| `500` \|/);
    expect(rows.find((row) => row.startsWith('| `SMTP_URL` |'))).toMatch(/\| unset \|/);
  });

  it('replaces only what lies between the markers', () => {
    const doc = 'before\n<!-- settings:start -->\nold table\n<!-- settings:end -->\nafter\n';
    expect(withSettingsTable(doc)).toBe(`before\n<!-- settings:start -->\n${settingsTable()}\n<!-- settings:end -->\nafter\n`);
    expect(() => withSettingsTable('no markers')).toThrow(/settings:start/);
  });
});
