import { customType } from 'drizzle-orm/sqlite-core';
import { seal, unseal } from '../lib/data-crypto.js';

/**
 * A text column stored encrypted (lib/data-crypto.ts): the app reads and writes plain text, the
 * database file (and every backup of it) holds only ciphertext. A value written before encryption
 * is read as it is and sealed at the next start (db/seal-personal-data.ts).
 */
export const encryptedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => seal(value),
  fromDriver: (value) => unseal(value),
});
