import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client.js';
import { myData } from '../../../server/features/privacy/privacy.service.js';
import { users } from '../../../server/db/schema.js';
import en from '../../locales/en/my-data.json';
import mr from '../../locales/mr/my-data.json';
import { fieldLabel, readableValue, sectionLabel, shownColumns } from './my-data-view.js';

describe('My data as a person reads it', () => {
  it('names every table and column a copy can hold, in English and Marathi', () => {
    const db = openDatabase(':memory:');
    const tables = db.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`,
    );
    const missing: string[] = [];
    for (const { name } of tables) {
      const keys = db.all<{ table: string; from: string }>(sql.raw(`pragma foreign_key_list("${name}")`));
      const owned = name === 'users' || keys.some((key) => key.table === 'users' && (key.from === 'user_id' || key.from === 'affiliate_id'));
      if (!owned) continue;
      if (name !== 'users' && !(name in en.sections && name in mr.sections)) missing.push(name);
      for (const { name: column } of db.all<{ name: string }>(sql.raw(`pragma table_info("${name}")`))) {
        if (/(^|_)(password|token|code|device)_hash$/.test(column)) continue;
        if (!(column in en.fields && column in mr.fields)) missing.push(`${name}.${column}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('shows money in rupees, moments in IST, flags and states in words, and leaves the raw row to the file', () => {
    expect(readableValue('earned_paise', 10000000, 'mr')).toBe('₹1,00,000');
    expect(readableValue('amount_paise', 50000, 'en')).toBe('₹500');
    expect(readableValue('created_at', Date.UTC(2026, 10, 23, 8, 28), 'mr')).toBe('23 नोव्हेंबर 2026, दुपारी 1:58');
    expect(readableValue('tds_rate_bp', 500, 'en')).toBe('5%');
    expect(readableValue('passed', 1, 'mr')).toBe('होय');
    expect(readableValue('status', 'approved', 'mr')).toBe('मंजूर');
    expect(readableValue('lang', 'mr', 'en')).toBe('Marathi');
    expect(readableValue('deleted_at', null, 'en')).toBe('—');
    expect(readableValue('details', '{"method":"bank","accountNumber":"123456789"}', 'en')).toEqual({ method: 'bank', accountNumber: '123456789' });
    expect(fieldLabel('earned_paise', 'mr')).toBe('एकूण कमाई');
    expect(sectionLabel('orders', 'en')).toBe('Your orders');
    expect(fieldLabel('some_new_column', 'en')).toBe('Some new column');
  });

  it('leaves out the person’s own account number on each of their rows', () => {
    const db = openDatabase(':memory:');
    const now = Date.now();
    const id = db
      .insert(users)
      .values({ name: 'Asha', email: 'asha@example.com', passwordHash: 'x', referralCode: 'ASHA1', createdAt: now })
      .returning({ id: users.id })
      .get().id;
    const copy = myData(db, id, now);
    expect(copy.account).not.toHaveProperty('password_hash');
    expect(shownColumns({ id: 4, user_id: id, amount_paise: 100 }, id).map(([column]) => column)).toEqual(['id', 'amount_paise']);
  });
});
