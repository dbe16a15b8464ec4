import type { UserRow } from '../../db/schema.js';
import { toPersonView, type PersonView } from '../auth/auth.views.js';

export type AdminUserView = PersonView & { earnedPaise: number; owedPaise: number; createdAt: number };

export function toAdminUserView(user: UserRow): AdminUserView {
  return { ...toPersonView(user), earnedPaise: user.earnedPaise, owedPaise: user.earnedPaise - user.paidPaise, createdAt: user.createdAt };
}
