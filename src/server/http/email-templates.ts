import type { EmailTemplate } from '../lib/mailer.js';
import * as authEmails from '../features/auth/auth.emails.js';
import * as accessEmails from '../features/catalog/access.emails.js';
import * as certificateEmails from '../features/certificates/certificates.emails.js';
import * as dripEmails from '../features/drip/drip.emails.js';
import * as reversalEmails from '../features/orders/order-reversal.emails.js';
import * as orderEmails from '../features/orders/orders.emails.js';
import * as payoutEmails from '../features/payouts/payouts.emails.js';
import * as privacyEmails from '../features/privacy/privacy.emails.js';

/**
 * Every feature's email templates, for the email channel to render an outbox row by its kind. A
 * feature with a new `*.emails.ts` adds it here (email-templates.test.ts checks none is missed).
 */
export const emailTemplates: readonly EmailTemplate<never>[] = [
  authEmails,
  accessEmails,
  certificateEmails,
  dripEmails,
  reversalEmails,
  orderEmails,
  payoutEmails,
  privacyEmails,
].flatMap((module) => Object.values(module) as EmailTemplate<never>[]);
