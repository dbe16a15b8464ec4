import type { UserRow } from '../../db/schema.js';
import type { Earnings } from '../affiliate/affiliate.views.js';
import { toMeView, type MeView } from '../auth/auth.views.js';

/** MeView plus what they own and what they have earned (paise). */
export type ProfileView = MeView & { purchasedPackageIds: string[]; earnings: Earnings };

export function toProfileView(user: UserRow, purchasedPackageIds: number[], earnings: Earnings): ProfileView {
  return { ...toMeView(user), purchasedPackageIds: purchasedPackageIds.map(String), earnings };
}
