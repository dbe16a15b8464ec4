import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { packages } from '../db/schema.js';
import { defineErrors } from './errors.js';
import catalog from './package.errors.json' with { type: 'json' };

/**
 * A package looked up by id, as the catalogue and the features below it (drip, quizzes) need it:
 * declared here so that drip, which the catalogue's lecture links go through, need not import
 * the catalogue. The catalogue's errors include PACKAGE_NOT_FOUND (features/catalog/catalog.errors.ts).
 */
export const packageErrors = defineErrors(catalog);

/** Throws PACKAGE_NOT_FOUND unless a package with this id exists (an archived one counts). */
export function requirePackage(db: Queryable, id: number): void {
  if (!db.select({ id: packages.id }).from(packages).where(eq(packages.id, id)).get()) throw packageErrors.PACKAGE_NOT_FOUND();
}
