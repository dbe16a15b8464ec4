import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { prepared, type DbTransaction, type Queryable } from '../../db/client.js';
import {
  creditNoteCounters,
  creditNotes,
  orderReversals,
  orderPayments,
  orders,
  receiptCounters,
  receipts,
  users,
  type CreditNoteRow,
  type OrderRow,
  type ReceiptRow,
} from '../../db/schema.js';
import { gstSplit } from '../../../shared/gst.js';
import { paymentReferenceOf } from '../../../shared/payment-reference.js';
import { financialYearOf } from '../../../shared/financial-year.js';
import { DAY_MS, istDateStart } from '../../../shared/ist.js';
import { formatCreditNoteNumber, formatReceiptNumber, MAX_CREDIT_NOTE_SEQ_PER_YEAR, MAX_SEQ_PER_YEAR } from './receipt-number.js';
import { receiptErrors } from './receipts.errors.js';
import type { AppError } from '../../lib/errors.js';
import { isOwnerOrAdmin, type Requester } from '../../lib/owner-or-admin.js';
import { packageById } from '../catalog/catalog.service.js';

/**
 * Gives an approved order its receipt: the next number of the financial year of `now` and a copy
 * of everything the receipt shows. Call it inside the approval's transaction: the counter only
 * goes up, so a number is never given twice or reused, even if the transaction is undone.
 */
export function issueReceipt(tx: DbTransaction, config: Config, order: OrderRow, now: number): ReceiptRow {
  const fyStart = financialYearOf(now);
  const { lastSeq } = prepared(tx, 'receipts.nextSeq', () =>
    tx
      .insert(receiptCounters)
      .values({ fyStart: sql.placeholder('fyStart'), lastSeq: 1 })
      .onConflictDoUpdate({ target: receiptCounters.fyStart, set: { lastSeq: sql`${receiptCounters.lastSeq} + 1` } })
      .returning({ lastSeq: receiptCounters.lastSeq })
      .prepare(),
  ).get({ fyStart })!;
  if (lastSeq > MAX_SEQ_PER_YEAR) throw receiptErrors.RECEIPT_NUMBERS_USED_UP();
  const pkg = packageById(tx, order.packageId);
  const buyer = prepared(tx, 'receipts.buyerPhone', () =>
    tx
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id: order.userId });
  const gst = config.gst;
  const buyerState = order.buyerState ?? gst?.sellerState ?? null;
  const tax = gst ? gstSplit(order.amountPaise, gst.rateBp, buyerState === gst.sellerState) : null;
  const values: ReceiptValues = {
    orderId: order.id,
    number: formatReceiptNumber(config.receiptPrefix, fyStart, lastSeq),
    fyStart,
    seq: lastSeq,
    issuedAt: now,
    sellerName: config.sellerName,
    sellerAddress: config.sellerAddress ?? null,
    sellerEmail: config.contactEmail ?? null,
    sellerPhone: config.contactPhone ?? null,
    buyerName: order.buyerName,
    buyerEmail: order.buyerEmail,
    buyerPhone: buyer?.phone ?? null,
    packageName: pkg.name,
    amountPaise: order.amountPaise,
    listPricePaise: order.listPricePaise,
    discountPaise: order.discountPaise,
    discountCode: order.discountCode,
    ...paymentOf(tx, order),
    paidAt: order.createdAt,
    // A tax invoice's fields, or none.
    gstin: gst?.gstin ?? null,
    sellerState: gst?.sellerState ?? null,
    buyerState: gst ? buyerState : null,
    buyerPin: gst ? order.buyerPin : null,
    buyerGstin: gst ? order.buyerGstin : null,
    taxRateBp: tax?.rateBp ?? null,
    taxablePaise: tax?.taxablePaise ?? null,
    cgstPaise: tax?.cgstPaise ?? null,
    sgstPaise: tax?.sgstPaise ?? null,
    igstPaise: tax?.igstPaise ?? null,
  };
  return prepared(tx, 'receipts.insert', () => tx.insert(receipts).values(placeholdersOf(values)).returning().prepare()).get(values)!;
}

/**
 * What paid the order, as the receipt names it: its reference (`paymentReferenceOf`) and, for an
 * order paid in parts, each part (JSON; none for one payment). An order the gateway paid in full
 * while its UPI parts fell short of the price names the gateway's payment alone: those parts are
 * given back (docs/operations.md, "A short payment").
 */
function paymentOf(tx: DbTransaction, order: OrderRow): { utr: string; paymentParts: string | null } {
  const parts = tx
    .select({ utr: orderPayments.utr, amountPaise: orderPayments.amountPaise })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, order.id))
    .orderBy(asc(orderPayments.id))
    .all();
  const partsPaise = parts.reduce((sum, part) => sum + part.amountPaise, 0);
  const partsGivenBack = parts.length > 0 && partsPaise < order.amountPaise && order.paymentMethod === 'gateway';
  return { utr: paymentReferenceOf(order), paymentParts: parts.length > 1 && !partsGivenBack ? JSON.stringify(parts) : null };
}

/** Every column a receipt is written with (all but its id). */
type ReceiptValues = Required<Omit<typeof receipts.$inferInsert, 'id'>>;

/** A placeholder named after each field: the statement is prepared once and filled per receipt. */
function placeholdersOf(values: ReceiptValues): ReceiptValues {
  return Object.fromEntries(Object.keys(values).map((name) => [name, sql.placeholder(name)])) as unknown as ReceiptValues;
}

export function receiptOfOrder(db: Queryable, orderId: number): ReceiptRow | undefined {
  return prepared(db, 'receipts.ofOrder', () =>
    db
      .select()
      .from(receipts)
      .where(eq(receipts.orderId, sql.placeholder('orderId')))
      .prepare(),
  ).get({ orderId });
}

/**
 * Gives a reversed order's tax invoice its credit note (CGST Act section 34; CGST rules 53(1A)):
 * the next number of the credit notes' own series in the financial year of `now`, for the whole
 * invoice, referring to it. Call it inside the reversal's transaction: the counter only goes up
 * with it, so numbers stay consecutive and are never given twice. A plain receipt (no GSTIN) gets
 * none: without a tax invoice there is no tax to credit.
 */
export function issueCreditNote(tx: DbTransaction, config: Config, input: { orderId: number; reason: string; now: number }): CreditNoteRow | null {
  const receipt = receiptOfOrder(tx, input.orderId);
  if (!receipt?.gstin) return null;
  const fyStart = financialYearOf(input.now);
  const { lastSeq } = tx
    .insert(creditNoteCounters)
    .values({ fyStart, lastSeq: 1 })
    .onConflictDoUpdate({ target: creditNoteCounters.fyStart, set: { lastSeq: sql`${creditNoteCounters.lastSeq} + 1` } })
    .returning({ lastSeq: creditNoteCounters.lastSeq })
    .get()!;
  if (lastSeq > MAX_CREDIT_NOTE_SEQ_PER_YEAR) throw receiptErrors.CREDIT_NOTE_NUMBERS_USED_UP();
  return tx
    .insert(creditNotes)
    .values({
      receiptId: receipt.id,
      orderId: receipt.orderId,
      number: formatCreditNoteNumber(config.receiptPrefix, fyStart, lastSeq),
      fyStart,
      seq: lastSeq,
      issuedAt: input.now,
      reason: input.reason,
      amountPaise: receipt.amountPaise,
      taxablePaise: receipt.taxablePaise ?? 0,
      cgstPaise: receipt.cgstPaise ?? 0,
      sgstPaise: receipt.sgstPaise ?? 0,
      igstPaise: receipt.igstPaise ?? 0,
    })
    .returning()
    .get();
}

/** A receipt as issued, with when its order was reversed and its credit note, if it was: the receipt itself never changes. */
export type ReceiptWithReversal = ReceiptRow & { reversedAt: number | null; creditNote: { number: string; issuedAt: number } | null };

function withReversal(db: Queryable) {
  return db
    .select({ receipt: receipts, reversedAt: orderReversals.reversedAt, creditNoteNumber: creditNotes.number, creditNoteAt: creditNotes.issuedAt })
    .from(receipts)
    .leftJoin(orderReversals, eq(orderReversals.orderId, receipts.orderId))
    .leftJoin(creditNotes, eq(creditNotes.receiptId, receipts.id));
}

const flatten = (row: {
  receipt: ReceiptRow;
  reversedAt: number | null;
  creditNoteNumber: string | null;
  creditNoteAt: number | null;
}): ReceiptWithReversal => ({
  ...row.receipt,
  reversedAt: row.reversedAt,
  creditNote: row.creditNoteNumber === null || row.creditNoteAt === null ? null : { number: row.creditNoteNumber, issuedAt: row.creditNoteAt },
});

/** A credit note with the invoice it credits. */
export type CreditNoteWithInvoice = { note: CreditNoteRow; invoice: ReceiptRow };

function creditNotesWithInvoices(db: Queryable) {
  return db.select({ note: creditNotes, invoice: receipts }).from(creditNotes).innerJoin(receipts, eq(receipts.id, creditNotes.receiptId));
}

/** Refuses with `notFound` when there is no such order, and when it is neither the viewer's nor the viewer an admin. */
function requireOwnOrder(db: Queryable, viewer: Requester, orderId: number, notFound: () => AppError): void {
  const order = db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)).get();
  if (!order) throw notFound();
  if (!isOwnerOrAdmin(viewer, order.userId)) throw receiptErrors.NOT_YOUR_RECEIPT();
}

/** The credit note of an order, for its buyer or an admin. */
export function creditNoteFor(db: Queryable, viewer: Requester, orderId: number): CreditNoteWithInvoice {
  requireOwnOrder(db, viewer, orderId, receiptErrors.CREDIT_NOTE_NOT_FOUND);
  const found = creditNotesWithInvoices(db).where(eq(creditNotes.orderId, orderId)).get();
  if (!found) throw receiptErrors.CREDIT_NOTE_NOT_FOUND();
  return found;
}

/** Credit notes issued in a period, in number order. */
export function creditNotesInPeriod(db: Queryable, period: { start: number; end: number }): CreditNoteWithInvoice[] {
  return creditNotesWithInvoices(db)
    .where(and(gte(creditNotes.issuedAt, period.start), lt(creditNotes.issuedAt, period.end)))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id))
    .all();
}

/** The receipt of an order, for its buyer or an admin. */
export function receiptFor(db: Queryable, viewer: Requester, orderId: number): ReceiptWithReversal {
  requireOwnOrder(db, viewer, orderId, receiptErrors.RECEIPT_NOT_FOUND);
  const found = withReversal(db).where(eq(receipts.orderId, orderId)).get();
  if (!found) throw receiptErrors.RECEIPT_NOT_FOUND();
  return flatten(found);
}

/** The receipt numbers of a buyer's orders, newest first. */
export function receiptsOfBuyer(db: Queryable, userId: number): { orderId: number; number: string }[] {
  return db
    .select({ orderId: receipts.orderId, number: receipts.number })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(receipts.issuedAt), desc(receipts.id))
    .all();
}

export const RECEIPTS_PAGE_SIZE = 100;

/** From the start of `from` to the end of `to` (IST dates, both included), at most 366 days. */
export function periodBounds(from: string, to: string): { start: number; end: number } {
  const start = istDateStart(from);
  const end = istDateStart(to) + DAY_MS;
  if (end <= start || end - start > 366 * DAY_MS) throw receiptErrors.PERIOD_TOO_LONG();
  return { start, end };
}

function inPeriod(period: { start: number; end: number }) {
  return and(gte(receipts.issuedAt, period.start), lt(receipts.issuedAt, period.end));
}

/** Receipts issued in a period, in number order, a page at a time, with their count and totals. */
export function receiptsInPeriod(db: Queryable, period: { start: number; end: number }, page: number) {
  const rows = withReversal(db)
    .where(inPeriod(period))
    .orderBy(asc(receipts.issuedAt), asc(receipts.id))
    .limit(RECEIPTS_PAGE_SIZE)
    .offset((page - 1) * RECEIPTS_PAGE_SIZE)
    .all()
    .map(flatten);
  const totals = db
    .select({ count: sql<number>`count(*)`, amountPaise: sql<number>`coalesce(sum(${receipts.amountPaise}), 0)` })
    .from(receipts)
    .where(inPeriod(period))
    .get()!;
  return { rows, total: totals.count, amountPaise: totals.amountPaise };
}

/** Every receipt of a period, in number order, for the CSV. */
export function allReceiptsInPeriod(db: Queryable, period: { start: number; end: number }): ReceiptWithReversal[] {
  return withReversal(db).where(inPeriod(period)).orderBy(asc(receipts.issuedAt), asc(receipts.id)).all().map(flatten);
}
