import type { ProfileView } from '../features/profile/profile.views.js';
import type { OrderView } from '../features/orders/orders.views.js';
import type { LectureView, PackageView } from '../features/catalog/catalog.views.js';
import { paiseToRupees } from '../../shared/money.js';
import { absoluteUploadUrl, uploadPathWithoutSlash } from '../lib/uploads.js';
import type { RestSite } from './rest-adapter.js';

/** A picture as an absolute URL on PUBLIC_URL, as the legacy client shows it (lib/uploads.ts). */
export function absoluteUrl(url: string | null, site: RestSite): string | null {
  return absoluteUploadUrl(url, site.publicUrl);
}

/** REST.md's `course`: money in rupees, `_id` for the id. */
export function restCourse(view: PackageView) {
  return {
    _id: view.id,
    name: view.name,
    price: paiseToRupees(view.pricePaise),
    description: view.description,
    image: uploadPathWithoutSlash(view.image),
    tier: view.tier,
    lectureCount: view.lectureCount,
  };
}

/** REST.md's `user`: `role` is admin for admins and superadmins, `mainrole` marks the superadmin. */
export function restUser(profile: ProfileView, site: RestSite) {
  return {
    _id: profile.id,
    name: profile.name,
    email: profile.email,
    contact: profile.phone,
    role: profile.role === 'user' ? 'user' : 'admin',
    mainrole: profile.role === 'superadmin' ? 'superadmin' : null,
    referralLink: profile.referralCode,
    profileImage: absoluteUrl(profile.profileImage, site),
    purchasedCourses: profile.purchasedPackageIds,
    earnings: {
      today: paiseToRupees(profile.earnings.today),
      week: paiseToRupees(profile.earnings.week),
      month: paiseToRupees(profile.earnings.month),
      total: paiseToRupees(profile.earnings.total),
    },
  };
}

/** REST.md's `order`: rupees, an ISO time, the buyer's account, the package and the referrer. */
export function restOrder(view: OrderView) {
  return {
    _id: view.id,
    status: view.status,
    amount: paiseToRupees(view.amountPaise),
    transactionId: view.utr,
    createdAt: new Date(view.createdAt).toISOString(),
    user: { _id: view.buyer.id, name: view.buyer.name, email: view.buyer.email },
    course: { _id: view.package.id, name: view.package.name, price: paiseToRupees(view.package.pricePaise) },
    referrer: view.referrer && { _id: view.referrer.id, name: view.referrer.name },
    payer: view.payer,
    reason: view.reason,
    decidedAt: view.decidedAt === null ? null : new Date(view.decidedAt).toISOString(),
  };
}

/** REST.md's `lecture`: `video` is the embed URL. Only ever built for a buyer or an admin. */
export function restLecture(view: LectureView) {
  return { _id: view.id, title: view.title, video: view.video };
}
