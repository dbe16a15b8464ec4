import type { sessions, UserRow } from '../../db/schema.js';
import type { Language, Role } from '../../../shared/domain.js';
import { profileImageUrl } from '../../lib/uploads.js';
import { deviceLabel } from './device-label.js';

/** Who a user is, as every view of a user starts: id, name, contact and role. Never the password hash. */
export type PersonView = { id: string; name: string; email: string; phone: string | null; role: Role };

export function toPersonView(user: UserRow): PersonView {
  return { id: String(user.id), name: user.name, email: user.email, phone: user.phone, role: user.role };
}

/** The signed-in user as the app sees themselves. */
export type MeView = PersonView & {
  referralCode: string;
  profileImage: string | null;
  lang: Language;
  /** Whether the learners this person brought see their phone as a WhatsApp contact. */
  shareWhatsapp: boolean;
};

/**
 * A sponsor as the learner they brought sees them: the name, and a WhatsApp number only when the
 * sponsor chose to share it. Never their email or (unshared) phone: the privacy notice says a
 * learner sees nothing of their sponsor beyond what the sponsor shares.
 */
export type SponsorView = { name: string; whatsapp: string | null };

export function toMeView(user: UserRow): MeView {
  return {
    ...toPersonView(user),
    referralCode: user.referralCode,
    profileImage: profileImageUrl(user.profileImage),
    lang: user.lang,
    shareWhatsapp: user.shareWhatsapp,
  };
}

/** A picture just uploaded, by its file name. */
export function toUploadedPictureView(file: string): { imageUrl: string } {
  return { imageUrl: profileImageUrl(file)! };
}

export function toSponsorView(sponsor: UserRow): SponsorView {
  return { name: sponsor.name, whatsapp: sponsor.shareWhatsapp ? sponsor.phone : null };
}

/** One device a user is logged in on (one session), as the app sees it; times in epoch ms. */
export type DeviceView = {
  id: string;
  browser: string | null;
  model: string | null;
  os: string | null;
  loggedInAt: number;
  lastSeenAt: number;
  /** The device asking. */
  current: boolean;
};

/** The same device in a REST answer: times as ISO 8601. */
export type RestDeviceView = Omit<DeviceView, 'id' | 'loggedInAt' | 'lastSeenAt' | 'current'> & {
  _id: string;
  loggedInAt: string;
  lastSeenAt: string;
};

type SessionRow = typeof sessions.$inferSelect;

export function toDeviceView(row: SessionRow, currentSessionId: number | null): DeviceView {
  return {
    id: String(row.id),
    ...deviceLabel(row.userAgent, row.deviceModel),
    loggedInAt: row.createdAt,
    lastSeenAt: row.lastSeenAt ?? row.createdAt,
    current: row.id === currentSessionId,
  };
}

export function toRestDevice(device: DeviceView): RestDeviceView {
  const { id, loggedInAt, lastSeenAt, current: _current, ...rest } = device;
  return { _id: id, ...rest, loggedInAt: new Date(loggedInAt).toISOString(), lastSeenAt: new Date(lastSeenAt).toISOString() };
}
