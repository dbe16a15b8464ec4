import { isAdminRole, type Role } from '../../shared/domain.js';
import { accountErrors } from './account.errors.js';
import type { AppError } from './errors.js';

/** Who is asking, as services that answer "the owner or an admin" need it. */
export type Requester = { id: number; isAdmin: boolean };

export function requesterOf(user: { id: number; role: Role }): Requester {
  return { id: user.id, isAdmin: isAdminRole(user.role) };
}

/** The one rule of "its owner or an admin": true when `requester` may see what belongs to `ownerId`. */
export function isOwnerOrAdmin(requester: Requester, ownerId: number): boolean {
  return requester.isAdmin || requester.id === ownerId;
}

/** Throws `refusal` (NOT_YOURS unless told) unless `user` owns what belongs to `ownerId` or is an admin. */
export function requireOwnerOrAdmin(user: { id: number; role: Role }, ownerId: number, refusal: () => AppError = accountErrors.NOT_YOURS): void {
  if (!isOwnerOrAdmin(requesterOf(user), ownerId)) throw refusal();
}
