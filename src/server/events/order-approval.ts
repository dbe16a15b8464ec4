import type { Config } from '../config.js';
import type { Queryable } from '../db/client.js';
import type { OrderRow, PackageRow, UserRow } from '../db/schema.js';
import type { Language } from '../../shared/domain.js';
import { formatRupees } from '../../shared/money.js';
import { pagePaths, pathTo } from '../../shared/page-paths.js';
import { paymentReferenceOf } from '../../shared/payment-reference.js';
import { tdsLawOfYear } from '../../shared/tds-law.js';
import { firstNameOf } from '../features/affiliate/earnings-history.service.js';
import { bookCommission, commissionFor } from '../features/affiliate/ledger.service.js';
import { findActiveUser } from '../features/auth/accounts.service.js';
import { packageById } from '../features/catalog/catalog.service.js';
import type { EmailNotice, Notifier } from '../lib/notification-channel.js';
import { emailOf } from '../features/notifications/outbox.service.js';
import { commissionEarnedEmail, orderApprovedEmail, orderRejectedEmail } from '../features/orders/orders.emails.js';
import { withholdOnCredit, type CreditTds } from '../features/payouts/tds.service.js';
import { issueReceipt, receiptOfOrder } from '../features/receipts/receipts.service.js';
import { receiptLines, toReceiptView } from '../features/receipts/receipts.views.js';
import type { DomainEvents } from '../lib/domain-events.js';

type Deps = { config: Config; notifier: Notifier };

/**
 * The consequences of an order's decision, each in the decision's transaction: on approval the
 * sponsor's commission and its TDS, the receipt, and the messages (the buyer's, with the receipt;
 * the sponsor's, with the TDS); on rejection the buyer's message. Registered once, at wiring;
 * `orders` publishes the event and knows none of them.
 */
export function registerOrderDecisionConsequences(events: DomainEvents, deps: Deps): void {
  events.on('order-approved', (tx, { order, at }) => {
    const commission = bookSponsorCommission(tx, deps, order, at);
    if (commission) tellSponsor(tx, deps, order, commission);
  });
  events.on('order-approved', (tx, { order, at }) => {
    // Nothing paid, nothing to receipt: a free order (a code that took the whole price) has none.
    if (order.amountPaise > 0) issueReceipt(tx, deps.config, order, at);
  });
  events.on('order-approved', (tx, { order }) => tellBuyer(tx, deps, order));
  events.on('order-rejected', (tx, { order }) => tellBuyer(tx, deps, order));
}

/** The sponsor's commission on an approved order, and the TDS withheld on it; none for a self-purchase or a deleted sponsor. */
function bookSponsorCommission(tx: Queryable, deps: Deps, order: OrderRow, now: number): Commission | null {
  const referrer = order.referrerId === null ? undefined : findActiveUser(tx, order.referrerId);
  if (!referrer || isSelfPurchase(referrer, findActiveUser(tx, order.userId), order)) return null;
  const pkg = packageById(tx, order.packageId);
  const amountPaise = commissionFor(pkg, order.amountPaise, deps.config.commissionPercent, order.listPricePaise ?? order.amountPaise);
  if (amountPaise <= 0) return null;
  bookCommission(tx, { userId: referrer.id, orderId: order.id, amountPaise, now });
  const tds = withholdOnCredit(tx, deps.config.tds, { userId: referrer.id, orderId: order.id, amountPaise, at: now });
  return { referrerId: referrer.id, amountPaise, tds };
}

/**
 * An affiliate buying for themself through another account earns nothing on it: the order's email
 * (as typed at checkout) or the buyer's account email or phone is the sponsor's own.
 */
function isSelfPurchase(sponsor: UserRow, buyer: UserRow | undefined, order: OrderRow): boolean {
  const sponsorEmail = sponsor.email.toLowerCase();
  if (order.buyerEmail.trim().toLowerCase() === sponsorEmail) return true;
  if (buyer && buyer.email.toLowerCase() === sponsorEmail) return true;
  return Boolean(buyer?.phone && sponsor.phone && buyer.phone === sponsor.phone);
}

/** The sponsor's commission an approval booked. */
type Commission = { referrerId: number; amountPaise: number; tds: CreditTds };

/** The buyer's message of a decision (on WhatsApp when they chose it); none once the buyer is gone. */
function tellBuyer(tx: Queryable, deps: Deps, order: OrderRow): void {
  const buyer = findActiveUser(tx, order.userId);
  if (!buyer) return;
  const pkg = packageById(tx, order.packageId);
  deps.notifier.enqueue(tx, {
    eventKey: `order-${order.status}:${order.id}`,
    to: { userId: buyer.id },
    lang: buyer.lang,
    email: buyerEmail(tx, deps, order, buyer, pkg),
    whatsapp:
      order.status === 'approved'
        ? { kind: 'order-approved', payload: { orderId: String(order.id), packageName: pkg.name } }
        : { kind: 'order-rejected', payload: { orderId: String(order.id), packageName: pkg.name, reason: order.reason ?? '' } },
  });
}

/** The sponsor's message of the commission an approval booked; none once the buyer or the sponsor is gone. */
function tellSponsor(tx: Queryable, deps: Deps, order: OrderRow, commission: Commission): void {
  const buyer = findActiveUser(tx, order.userId);
  const sponsor = findActiveUser(tx, commission.referrerId);
  if (!buyer || !sponsor) return;
  deps.notifier.enqueue(tx, {
    eventKey: `commission-earned:${order.id}`,
    to: { userId: sponsor.id },
    lang: sponsor.lang,
    email: sponsorEmail(deps, sponsor, buyer, packageById(tx, order.packageId), commission),
  });
}

/** What the commission email says of the TDS on this credit, in the sponsor's language: how much and under which section, or why none. */
function tdsSentence(lang: Language, tds: CreditTds, threshold: number): string {
  if (tds.withheld) {
    const row = tds.withheld;
    const law = tdsLawOfYear(row.fyStart);
    const amounts = { tds: formatRupees(row.tdsPaise), rate: String(row.rateBp / 100), base: formatRupees(row.basePaise) };
    return lang === 'mr'
      ? `या कमिशनवर कापलेला TDS: ${amounts.tds} (${amounts.base} वर ${amounts.rate}%, ${law.act}, कलम ${law.section}). हा TDS तुमच्या PAN वर सरकारकडे जमा केला जातो.`
      : `TDS withheld on it: ${amounts.tds} (${amounts.rate}% on ${amounts.base}, ${law.act}, section ${law.section}). It is paid to the government against your PAN.`;
  }
  const year = formatRupees(tds.creditedInYearPaise);
  const limit = formatRupees(threshold);
  if (tds.why === 'within_threshold') {
    return lang === 'mr'
      ? `यावर TDS कापलेला नाही: या आर्थिक वर्षातील तुमचे कमिशन (${year}) ${limit} च्या मर्यादेत आहे.`
      : `No TDS was withheld on it: your commission this financial year (${year}) is within the ${limit} threshold.`;
  }
  if (tds.why === 'already_withheld') {
    return lang === 'mr'
      ? 'यावर TDS कापलेला नाही: या आर्थिक वर्षात आधीच कापलेला TDS यालाही पुरतो.'
      : 'No TDS was withheld on it: the TDS already withheld this financial year covers it.';
  }
  return lang === 'mr' ? 'यावर TDS कापलेला नाही: आम्ही कमिशनवर TDS कापत नाही.' : 'No TDS was withheld on it: we do not withhold TDS on commission.';
}

function sponsorEmail(deps: Deps, sponsor: UserRow, buyer: UserRow, pkg: PackageRow, commission: Commission): EmailNotice {
  const amountPaise = commission.amountPaise;
  return emailOf(commissionEarnedEmail, {
    siteName: deps.config.siteName,
    name: sponsor.name,
    buyer: firstNameOf(buyer.name),
    pkg: pkg.name,
    amount: formatRupees(amountPaise),
    tds: tdsSentence(sponsor.lang, commission.tds, deps.config.tds.thresholdPaise),
    link: `${deps.config.publicUrl}${pathTo(pagePaths.dashboard, { id: sponsor.id })}`,
  });
}

function buyerEmail(tx: Queryable, deps: Deps, order: OrderRow, buyer: UserRow, pkg: PackageRow): EmailNotice {
  const siteName = deps.config.siteName;
  return order.status === 'approved'
    ? emailOf(orderApprovedEmail, {
        siteName,
        name: buyer.name,
        pkg: pkg.name,
        link: `${deps.config.publicUrl}${pagePaths.myCourses}`,
        ...approvalReceipt(tx, deps, order, buyer.lang),
      })
    : emailOf(orderRejectedEmail, {
        siteName,
        name: buyer.name,
        pkg: pkg.name,
        utr: paymentReferenceOf(order),
        reason: order.reason,
        link: `${deps.config.publicUrl}${pagePaths.contact}`,
      });
}

/** The receipt's text and page for the approval email (an order approved before receipts existed has none). */
function approvalReceipt(tx: Queryable, deps: Deps, order: OrderRow, lang: 'en' | 'mr'): { receipt: string[] | null; receiptLink: string | null } {
  const receipt = receiptOfOrder(tx, order.id);
  if (!receipt) return { receipt: null, receiptLink: null };
  return { receipt: receiptLines(toReceiptView(receipt), lang), receiptLink: `${deps.config.publicUrl}${pathTo(pagePaths.receipt, { orderId: order.id })}` };
}
