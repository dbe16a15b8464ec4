/**
 * What the admin's audit screen needs to word an entry as a sentence in the admin's language
 * ("Asha approved Manisha's order for Share Market Basics"): the person and the package an entry
 * is about, looked up when it is read (never stored: the log and its hash chain stay as written),
 * so a name is what the users table says now and an erased person's name never comes back.
 * The sentences themselves are the client's (`src/client/locales/{en,mr}/audit.json`, one per
 * action code, held by audit-wording.test.ts).
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  type auditLog,
  certificates,
  discountCodes,
  lectures,
  orders,
  packages,
  paymentAlerts,
  payoutLines,
  quizQuestions,
  quizzes,
  users,
} from '../../db/schema.js';

/**
 * The admin reads that are audited (procedures marked `meta({ audit: true })`): shown apart from
 * the actions, as "reads of personal data". audit-wording.test.ts holds this list to the router's.
 */
export const AUDITED_READS = [
  'admin.users',
  'orders.pending',
  'orders.decided',
  'devices.ofUser',
  'access.ofUser',
  'receipts.list',
  'receipts.csv',
  'receipts.gstr1',
  'payouts.overview',
  'payouts.batches',
  'payouts.batch',
  'payouts.tdsRegister',
  'payments.alerts',
  'discounts.sharedPlacements',
  'privacy.erasures',
  'certificates.list',
  'learningReport.stuck',
] as const;

export type AuditPerson = { id: string; name: string; erased: boolean };

/** What an entry is about, for its sentence: every field null when the entry does not name it. */
export type AuditAbout = {
  person: AuditPerson | null;
  packageName: string | null;
  packageId: string | null;
  lectureTitle: string | null;
  orderId: string | null;
  /** A coupon or affiliate code, a certificate number, a batch number or a period, as the sentence names it. */
  reference: string | null;
  /** Money the entry names, in paise. */
  amountPaise: number | null;
  /** How many records a bulk action touched (orders approved, affiliates in a batch). */
  count: number | null;
  /** Which way an action went, when its sentence depends on it (approve or reject, on or off…). */
  variant: string | null;
};

type Entry = typeof auditLog.$inferSelect;
type Detail = Record<string, unknown>;

function parsedDetail(detail: string | null): Detail {
  if (!detail) return {};
  try {
    const parsed: unknown = JSON.parse(detail);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Detail) : {};
  } catch {
    return {};
  }
}

const idOf = (value: unknown): number | null => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 120) : null);

/** Rupees as an admin typed them ("1500" or 1500): paise, or null. */
function rupeesToPaise(value: unknown): number | null {
  const rupees = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(rupees) && rupees >= 0 ? Math.round(rupees * 100) : null;
}

function variantOf(action: string, detail: Detail): string | null {
  switch (action) {
    case 'orders.decide':
      return detail.action === 'approve' || detail.action === 'reject' ? detail.action : null;
    case 'admin.setRole':
      return detail.role === 'admin' || detail.role === 'user' ? detail.role : null;
    case 'certificates.setEnabled':
    case 'discounts.updateCoupon': {
      const on = action === 'certificates.setEnabled' ? detail.enabled : detail.active;
      return on === true ? 'on' : on === false ? 'off' : null;
    }
    case 'payments.resolveAlert':
      return detail.refund === true ? 'refund' : detail.refund === false ? 'keep' : null;
    default:
      return null;
  }
}

function referenceOf(action: string, entry: Entry, detail: Detail): string | null {
  if (entry.targetType === 'batch') return `#${entry.targetId}`;
  if (typeof detail.number === 'string') return textOf(detail.number);
  if (typeof detail.code === 'string') return textOf(detail.code)?.toUpperCase() ?? null;
  if (typeof detail.quarter === 'string') return textOf(detail.quarter);
  if (typeof detail.month === 'string') return textOf(detail.month);
  if (typeof detail.from === 'string' && typeof detail.to === 'string') return `${detail.from} – ${detail.to}`;
  if (action === 'statements.upload' && typeof detail.fileName === 'string') return textOf(detail.fileName);
  return null;
}

/** Resolves, for one entry, the records it names now. */
export function aboutEntry(db: Queryable, entry: Entry): AuditAbout {
  const detail = parsedDetail(entry.detail);
  const targetId = idOf(entry.targetId);
  let userId: number | null = null;
  let packageId: number | null = idOf(detail.packageId);
  let lectureId: number | null = idOf(detail.lectureId);
  let orderId: number | null = null;
  let reference = referenceOf(entry.action, entry, detail);
  let packageName: string | null = null;

  const fromOrder = (order: { id: number; userId: number; packageId: number } | undefined) => {
    if (!order) return;
    orderId = order.id;
    userId = order.userId;
    packageId = order.packageId;
  };
  const orderById = (id: number) =>
    db.select({ id: orders.id, userId: orders.userId, packageId: orders.packageId }).from(orders).where(eq(orders.id, id)).get();

  switch (entry.targetType) {
    case 'user':
      userId = targetId;
      break;
    case 'order':
      if (targetId) fromOrder(orderById(targetId));
      break;
    case 'utr':
      if (entry.targetId)
        fromOrder(db.select({ id: orders.id, userId: orders.userId, packageId: orders.packageId }).from(orders).where(eq(orders.utr, entry.targetId)).get());
      break;
    case 'alert': {
      const alert = targetId ? db.select({ orderId: paymentAlerts.orderId }).from(paymentAlerts).where(eq(paymentAlerts.id, targetId)).get() : undefined;
      if (alert) fromOrder(orderById(alert.orderId));
      break;
    }
    case 'line':
      userId = targetId ? (db.select({ userId: payoutLines.userId }).from(payoutLines).where(eq(payoutLines.id, targetId)).get()?.userId ?? null) : null;
      break;
    case 'code': {
      const code = targetId
        ? db.select({ code: discountCodes.code, affiliateId: discountCodes.affiliateId }).from(discountCodes).where(eq(discountCodes.id, targetId)).get()
        : undefined;
      userId = code?.affiliateId ?? null;
      reference = code?.code ?? reference;
      break;
    }
    case 'package':
      packageId = targetId;
      break;
    case 'lecture':
      lectureId = targetId;
      break;
    case 'record':
      if (entry.action.startsWith('catalog.')) packageId = targetId;
      else if (entry.action.startsWith('lectures.')) lectureId = targetId;
      // A coupon deleted (only one never used can be) is named by its number.
      else if (entry.action.startsWith('discounts.') && targetId)
        reference =
          db.select({ code: discountCodes.code }).from(discountCodes).where(eq(discountCodes.id, targetId)).get()?.code ?? reference ?? `#${targetId}`;
      break;
  }
  if (userId === null) userId = idOf(detail.userId);

  const quizId =
    idOf(detail.quizId) ??
    (idOf(detail.questionId)
      ? (db
          .select({ quizId: quizQuestions.quizId })
          .from(quizQuestions)
          .where(eq(quizQuestions.id, idOf(detail.questionId)!))
          .get()?.quizId ?? null)
      : null);
  if (quizId) {
    const quiz = db.select({ packageId: quizzes.packageId, lectureId: quizzes.lectureId }).from(quizzes).where(eq(quizzes.id, quizId)).get();
    if (quiz) {
      packageId ??= quiz.packageId;
      lectureId ??= quiz.lectureId;
    }
  }
  if (typeof detail.number === 'string' && entry.action.startsWith('certificates.')) {
    const certificate = db
      .select({ userId: certificates.userId, packageId: certificates.packageId })
      .from(certificates)
      .where(eq(certificates.number, detail.number))
      .get();
    if (certificate) {
      userId ??= certificate.userId;
      packageId ??= certificate.packageId;
    }
  }
  let lectureTitle: string | null = null;
  if (lectureId) {
    const lecture = db
      .select({ title: lectures.title, packageId: lectures.packageId, position: lectures.position })
      .from(lectures)
      .where(eq(lectures.id, lectureId))
      .get();
    if (lecture) {
      lectureTitle = lecture.title ?? `#${lecture.position}`;
      packageId ??= lecture.packageId;
    }
  }
  if (packageId) packageName = db.select({ name: packages.name }).from(packages).where(eq(packages.id, packageId)).get()?.name ?? null;
  // A package created has no id in its entry: its name is the one it was created with.
  if (!packageName && entry.action === 'catalog.create') packageName = textOf(detail.name);

  const person = userId
    ? (db.select({ id: users.id, name: users.name, erasedAt: users.erasedAt }).from(users).where(eq(users.id, userId)).get() ?? null)
    : null;
  const listLength = (value: unknown) => (Array.isArray(value) ? value.length : null);
  return {
    person: person ? { id: String(person.id), name: person.name, erased: person.erasedAt !== null } : null,
    packageName,
    packageId: packageId ? String(packageId) : null,
    lectureTitle,
    orderId: orderId ? String(orderId) : null,
    reference,
    amountPaise: typeof detail.writtenDownPaise === 'number' ? detail.writtenDownPaise : rupeesToPaise(detail.amount),
    count: listLength(detail.orderIds) ?? listLength(detail.userIds) ?? listLength(detail.ids),
    variant: variantOf(entry.action, detail),
  };
}
