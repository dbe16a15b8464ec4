import type { UserRow } from '../../db/schema.js';
import type { Role } from '../../../shared/domain.js';

export type AdminUserView = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  earnedPaise: number;
  owedPaise: number;
  createdAt: number;
};

export function toAdminUserView(user: UserRow): AdminUserView {
  return {
    id: String(user.id),
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    earnedPaise: user.earnedPaise,
    owedPaise: user.earnedPaise - user.paidPaise,
    createdAt: user.createdAt,
  };
}
