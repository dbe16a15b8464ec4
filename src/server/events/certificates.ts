import type { Config } from '../config.js';
import type { Queryable } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import type { EmailTemplate } from '../lib/mailer.js';
import { findActiveUser } from '../features/auth/accounts.service.js';
import {
  certificateIssuedEmail,
  certificateNameCorrectedEmail,
  certificateRestoredEmail,
  certificateRevokedEmail,
} from '../features/certificates/certificates.emails.js';
import { verifyUrl } from '../features/certificates/certificates.service.js';
import { eventKeyOf, noticeTo } from '../features/notifications/outbox.service.js';
import type { DomainEvents } from '../lib/domain-events.js';
import type { Notifier, WhatsAppNotice } from '../lib/notification-channel.js';

type Deps = { config: Config; notifier: Notifier };

/**
 * What the certificates' events tell the learner, in each event's transaction and language: a
 * certificate issued (on WhatsApp for one who chose it), revoked, restored, or the name on them
 * mended. `certificates` publishes the events and knows none of this.
 */
export function registerCertificateConsequences(events: DomainEvents, deps: Deps): void {
  const siteName = deps.config.siteName;
  events.on('certificate-issued', (tx, { certificate }) => {
    const link = verifyUrl(deps.config, certificate.number);
    tellLearner(
      tx,
      deps,
      certificate.userId,
      `certificate-issued:${certificate.id}`,
      certificateIssuedEmail,
      (user) => ({ siteName, name: user.name, pkg: certificate.packageName, number: certificate.number, link }),
      { kind: 'certificate-issued', payload: { packageName: certificate.packageName, certificateNumber: certificate.number, verifyUrl: link } },
    );
  });
  events.on('certificate-revoked', (tx, { certificate, reason }) =>
    tellLearner(tx, deps, certificate.userId, eventKeyOf(`certificate-revoked:${certificate.id}`), certificateRevokedEmail, (user) => ({
      siteName,
      name: user.name,
      pkg: certificate.packageName,
      number: certificate.number,
      reason,
    })),
  );
  events.on('certificate-restored', (tx, { certificate, reason }) =>
    tellLearner(tx, deps, certificate.userId, eventKeyOf(`certificate-restored:${certificate.id}`), certificateRestoredEmail, (user) => ({
      siteName,
      name: user.name,
      pkg: certificate.packageName,
      number: certificate.number,
      reason,
      link: verifyUrl(deps.config, certificate.number),
    })),
  );
  events.on('certificate-name-corrected', (tx, { userId, name, reason }) =>
    tellLearner(tx, deps, userId, eventKeyOf(`certificate-name:${userId}`), certificateNameCorrectedEmail, (user) => ({
      siteName,
      name: user.name,
      printed: name,
      reason,
    })),
  );
}

/** Tells a learner about their certificates (an outbox row in the event's transaction), in their language; an erased account gets nothing. */
function tellLearner<P>(
  tx: Queryable,
  deps: Deps,
  userId: number,
  eventKey: string,
  template: EmailTemplate<P>,
  params: (user: UserRow) => P,
  whatsapp?: WhatsAppNotice,
): void {
  const user = findActiveUser(tx, userId);
  if (!user) return;
  deps.notifier.enqueue(tx, noticeTo(user, eventKey, template, params(user), whatsapp));
}
