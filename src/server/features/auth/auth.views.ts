import type { UserRow } from '../../db/schema.js';
import type { Language, Role } from '../../../shared/domain.js';
import { profileImageUrl } from '../../lib/uploads.js';

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

/** Earnings in paise: commissions and corrections of each IST period. Payouts do not lower them. */
export type Earnings = { today: number; week: number; month: number; total: number };

/** MeView plus what they own and what they have earned (paise). */
export type ProfileView = MeView & { purchasedPackageIds: string[]; earnings: Earnings };

export type ContactView = { name: string; email: string; contact: string | null };

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

/** A picture just uploaded, by its file name. */
export function toUploadedPictureView(file: string): { imageUrl: string } {
  return { imageUrl: profileImageUrl(file)! };
}

export function toProfileView(user: UserRow, purchasedPackageIds: number[], earnings: Earnings): ProfileView {
  return { ...toMeView(user), purchasedPackageIds: purchasedPackageIds.map(String), earnings };
}

export function toContactView(user: UserRow): ContactView {
  return { name: user.name, email: user.email, contact: user.phone };
}
