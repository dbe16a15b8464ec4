import type { AgeStatus } from '../../../shared/domain.js';
import type { AppError } from '../../lib/errors.js';
import { privacyErrors } from './privacy.errors.js';

/**
 * What an account waiting for a parent's consent may call: its own account as the app shows it,
 * the consent flow, the privacy notice, and its rights (a copy of its data, erasure). Anything
 * else would process a child's data without the consent the DPDP Act asks (docs/security.md).
 */
const WHILE_WAITING_FOR_A_PARENT = new Set([
  'auth.profile',
  'auth.logout',
  'auth.setLanguage',
  'privacy.status',
  'privacy.accept',
  'privacy.answerAge',
  'privacy.parentConsent',
  'privacy.resendParentCode',
  'privacy.myData',
  'privacy.requestErasure',
]);

/**
 * What an account never asked its age (made by the legacy client's sign-up, imported, or from
 * before the question) may not call until it answers in the app: buying, and being paid.
 */
const NEEDS_AN_AGE = new Set(['orders.purchase', 'orders.claimFree', 'payments.start', 'payouts.saveDetails', 'payouts.request']);

/** Why a signed-in account may not call this procedure yet, or null when it may. */
export function ageGateRefusal(status: AgeStatus | null, path: string): AppError | null {
  if (status === 'minor_waiting') return WHILE_WAITING_FOR_A_PARENT.has(path) ? null : privacyErrors.PARENT_CONSENT_NEEDED();
  if (status === null) return NEEDS_AN_AGE.has(path) ? privacyErrors.AGE_QUESTION_NEEDED() : null;
  return null;
}
