import type { Config } from '../config.js';
import type { Queryable } from '../db/client.js';
import type { PayoutLineRow } from '../db/schema.js';
import { formatIstDateTime } from '../../shared/ist.js';
import { formatRupees } from '../../shared/money.js';
import { pagePaths } from '../../shared/page-paths.js';
import { findActiveUser } from '../features/auth/accounts.service.js';
import { eventKeyOf, noticeTo } from '../features/notifications/outbox.service.js';
import { maskedWhere, parseSnapshot, payoutReference, snapshotOf } from '../features/payouts/payout-snapshots.js';
import { detailsChangedEmail, payoutFailedEmail, payoutPaidEmail } from '../features/payouts/payouts.emails.js';
import { tdsOnCreditsPaidBy } from '../features/payouts/tds.service.js';
import type { DomainEvents } from '../lib/domain-events.js';
import type { Notifier } from '../lib/notification-channel.js';

type Deps = { config: Config; notifier: Notifier };

/**
 * What the payouts' events tell the affiliate, in each event's transaction: a payout paid (gross,
 * TDS, net; on WhatsApp for one who chose it), a payout the bank did not pay, and every change of
 * where they are paid (by email only: a stolen session could have just chosen WhatsApp). `payouts`
 * publishes the events and knows none of this.
 */
export function registerPayoutConsequences(events: DomainEvents, deps: Deps): void {
  events.on('payout-paid', (tx, { line }) => tellPaid(tx, deps, line));
  events.on('payout-failed', (tx, { line, reason }) => {
    const user = findActiveUser(tx, line.userId);
    if (!user) return;
    deps.notifier.enqueue(
      tx,
      noticeTo(user, `payout-failed:${line.id}`, payoutFailedEmail, {
        siteName: deps.config.siteName,
        name: user.name,
        gross: formatRupees(line.grossPaise),
        reason,
        link: statementLink(deps.config),
      }),
    );
  });
  events.on('payout-details-changed', (tx, { details, at }) => {
    const user = findActiveUser(tx, details.userId);
    if (!user) return;
    deps.notifier.enqueue(
      tx,
      noticeTo(user, eventKeyOf(`payout-details-changed:${user.id}`), detailsChangedEmail, {
        siteName: deps.config.siteName,
        name: user.name,
        where: maskedWhere(snapshotOf(details)),
        at: formatIstDateTime(at, user.lang),
        link: statementLink(deps.config),
      }),
    );
  });
}

function statementLink(config: Config): string {
  return `${config.publicUrl}${pagePaths.payouts}`;
}

/** The affiliate's message of a paid line: gross, the TDS withheld on the credits it pays, net, and the bank's reference. */
function tellPaid(tx: Queryable, deps: Deps, line: PayoutLineRow): void {
  const user = findActiveUser(tx, line.userId);
  if (!user) return;
  const details = parseSnapshot(line.details);
  // TDS is withheld when commission is credited: the message names what was withheld on the credits this pays.
  const onCredits = tdsOnCreditsPaidBy(tx, line);
  const tdsPaise = onCredits.tdsPaise + line.tdsPaise;
  deps.notifier.enqueue(
    tx,
    noticeTo(
      user,
      `payout-paid:${line.id}`,
      payoutPaidEmail,
      {
        siteName: deps.config.siteName,
        name: user.name,
        gross: formatRupees(line.grossPaise),
        tds: formatRupees(tdsPaise),
        sections: onCredits.sections.join(', '),
        net: formatRupees(line.netPaise),
        reference: line.utr ?? payoutReference(line.id),
        where: details ? maskedWhere(details) : '-',
        owed: formatRupees(user.earnedPaise - user.paidPaise),
        link: statementLink(deps.config),
      },
      { kind: 'payout-paid', payload: { grossPaise: line.grossPaise, tdsPaise, netPaise: line.netPaise } },
    ),
  );
}
