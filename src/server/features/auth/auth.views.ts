import type { UserRow } from '../../db/schema.js';
import type { Language, Role } from '../../../shared/domain.js';
import type { Earnings } from '../affiliate/earnings.service.js';

/** The signed-in user as the app sees themselves. Never the password hash. */
export type MeView = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  referralCode: string;
  profileImage: string | null;
  lang: Language;
};

/** MeView plus what they own and what they have earned (paise). */
export type ProfileView = MeView & { purchasedPackageIds: string[]; earnings: Earnings };

export type ContactView = { name: string; email: string; phone: string | null };

export function profileImageUrl(file: string | null): string | null {
  return file ? `/uploads/profiles/${file}` : null;
}

export function toMeView(user: UserRow): MeView {
  return {
    id: String(user.id),
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    referralCode: user.referralCode,
    profileImage: profileImageUrl(user.profileImage),
    lang: user.lang,
  };
}

export function toProfileView(user: UserRow, purchasedPackageIds: number[], earnings: Earnings): ProfileView {
  return { ...toMeView(user), purchasedPackageIds: purchasedPackageIds.map(String), earnings };
}

export function toContactView(user: UserRow): ContactView {
  return { name: user.name, email: user.email, phone: user.phone };
}
