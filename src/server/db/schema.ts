import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { encryptedText } from './encrypted-text.js';
import {
  ageStatuses,
  discountCodeKinds,
  languages,
  notificationChannels,
  notificationStatuses,
  orderStatuses,
  roles,
  tiers,
  ledgerKinds,
  paymentAlertKinds,
  paymentMethods,
} from '../../shared/domain.js';
import { dripModes, nameScripts } from '../../shared/learning.js';

/**
 * Required links to an account, a package and a lecture. `cascade`: the row belongs to what it
 * links to and goes with it; without it, the link holds (the row keeps the account, as the books do).
 */
const userColumn = (onDelete?: 'cascade') =>
  integer('user_id')
    .notNull()
    .references((): AnySQLiteColumn => users.id, onDelete && { onDelete });
const packageColumn = (onDelete?: 'cascade') =>
  integer('package_id')
    .notNull()
    .references((): AnySQLiteColumn => packages.id, onDelete && { onDelete });
const lectureColumn = (onDelete?: 'cascade') =>
  integer('lecture_id')
    .notNull()
    .references((): AnySQLiteColumn => lectures.id, onDelete && { onDelete });

// Conventions: ids are integers (shown to clients as strings); times are milliseconds since the
// epoch (UTC); money is integer paise. Users are never removed, only marked deleted, because
// orders and ledger lines must keep pointing at them.

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** Stored lower-cased; unique among users that are not deleted. */
    email: text('email').notNull(),
    /** 10 digits, or null for accounts made without one (the admin CLI). */
    phone: text('phone'),
    /** The person lets the learners they brought see this phone as a WhatsApp contact (off unless they turn it on). */
    shareWhatsapp: integer('share_whatsapp', { mode: 'boolean' }).notNull().default(false),
    /** 10 digits: where WhatsApp updates go, or null. Only used while whatsapp_opt_in_at is set. */
    whatsappPhone: text('whatsapp_phone'),
    /** When the person agreed to updates on WhatsApp (a consent of its own, DPDP Act s. 6); null: email only. */
    whatsappOptInAt: integer('whatsapp_opt_in_at'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('user'),
    referralCode: text('referral_code').notNull().unique(),
    sponsorId: integer('sponsor_id').references((): AnySQLiteColumn => users.id),
    /** File name under DATA_DIR/uploads/profiles, or null. */
    profileImage: text('profile_image'),
    lang: text('lang', { enum: languages }).notNull().default('en'),
    /**
     * When the person chose `lang` (signing up in it, or the app's language switch while signed in);
     * null: nobody chose it (an imported account, an admin made on the command line), so a log-in
     * takes the browser's language instead of imposing this one.
     */
    langChosenAt: integer('lang_chosen_at'),
    /** Kept total of commission and correction lines, updated in the ledger line's transaction. */
    earnedPaise: integer('earned_paise').notNull().default(0),
    /** Kept total of payout lines. Owed = earned - paid. */
    paidPaise: integer('paid_paise').notNull().default(0),
    /** When the current earned total was reached: the leaderboard's tie-breaker. */
    earnedAt: integer('earned_at'),
    // Kept earnings of the current IST week and month, for their leaderboards: each commission or
    // correction adds to them in its own transaction, starting afresh when a new period begins.
    weekStart: integer('week_start'),
    weekPaise: integer('week_paise').notNull().default(0),
    weekAt: integer('week_at'),
    monthStart: integer('month_start'),
    monthPaise: integer('month_paise').notNull().default(0),
    monthAt: integer('month_at'),
    createdAt: integer('created_at').notNull(),
    deletedAt: integer('deleted_at'),
    /** When the account was erased at its owner's request (its personal data replaced; deleted_at is set too). */
    erasedAt: integer('erased_at'),
    /**
     * When an admin last cleared this affiliate's commissions after the fraud screen flagged them:
     * while flagged, commission credited after this moment (all of it, never cleared) is held.
     */
    commissionHoldClearedAt: integer('commission_hold_cleared_at'),
    /**
     * The answer to "are you 18 or older?" (DPDP Act s. 9): adult; a minor waiting for a parent's
     * verified consent; a minor whose parent consented; or null: not asked yet (accounts made by
     * the legacy client's sign-up, imported, or from before the question), asked at the next visit.
     */
    ageStatus: text('age_status', { enum: ageStatuses }),
  },
  (t) => [
    uniqueIndex('users_email_active').on(t.email).where(sql`${t.deletedAt} is null`),
    index('users_sponsor').on(t.sponsorId),
    // Highest total first; on a tie, whoever reached it first.
    index('users_leaderboard').on(sql`${t.earnedPaise} desc`, t.earnedAt, t.id).where(sql`${t.deletedAt} is null and ${t.earnedPaise} > 0`),
    index('users_leaderboard_week').on(t.weekStart, sql`${t.weekPaise} desc`, t.weekAt, t.id).where(sql`${t.deletedAt} is null and ${t.weekPaise} > 0`),
    index('users_leaderboard_month').on(t.monthStart, sql`${t.monthPaise} desc`, t.monthAt, t.id).where(sql`${t.deletedAt} is null and ${t.monthPaise} > 0`),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userColumn('cascade'),
    /** SHA-256 of the token (hex). The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    /** The browser's User-Agent at login (at most 400 characters), to name the device. */
    userAgent: text('user_agent'),
    /** The phone model the browser told (client hint `Sec-CH-UA-Model`), when it did. */
    deviceModel: text('device_model'),
    /** Last request on this session, written at most every few minutes. */
    lastSeenAt: integer('last_seen_at'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** A registration waiting for its emailed code. The account is created only when the code is verified. */
export const pendingRegistrations = sqliteTable(
  'pending_registrations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** SHA-256 of the activation token handed to the client. */
    tokenHash: text('token_hash').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Optional in the app (the WhatsApp number for updates); the legacy REST sign-up still sends one. */
    phone: text('phone'),
    /** The person ticked "send me updates on WhatsApp at this number": recorded as a channel consent when the account is made. */
    whatsappOptIn: integer('whatsapp_opt_in', { mode: 'boolean' }).notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    sponsorId: integer('sponsor_id').references(() => users.id),
    lang: text('lang', { enum: languages }).notNull().default('en'),
    otpHash: text('otp_hash').notNull(),
    otpExpiresAt: integer('otp_expires_at').notNull(),
    otpAttempts: integer('otp_attempts').notNull().default(0),
    /** Tries at every code of this registration together: a resend does not give these back. */
    otpTriesTotal: integer('otp_tries_total').notNull().default(0),
    otpSentAt: integer('otp_sent_at').notNull(),
    /** The privacy notice's version the person accepted at sign-up (recorded as a consent at verification). */
    consentVersion: text('consent_version'),
    /** The answer to "are you 18 or older?" (null: the client did not ask). */
    adult: integer('adult', { mode: 'boolean' }),
    /** A minor's parent's email, where the parent's consent code goes once the account is made. */
    parentEmail: text('parent_email'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('pending_registrations_email').on(t.email)],
);

export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userColumn('cascade'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('password_resets_user').on(t.userId)],
);

export const packages = sqliteTable(
  'packages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    pricePaise: integer('price_paise').notNull(),
    /** Base name of the re-encoded images under DATA_DIR/uploads/packages, or null. */
    image: text('image'),
    tier: text('tier', { enum: tiers }),
    /** Fixed commission for the sponsor; null means COMMISSION_PERCENT of the price. */
    commissionPaise: integer('commission_paise'),
    createdAt: integer('created_at').notNull(),
    /** Set instead of deleting once anyone bought the package: it leaves the catalogue, buyers keep it. */
    archivedAt: integer('archived_at'),
    /** Drip: null (every lecture open at purchase), weekly (one more each week), days (each lecture's opens_after_days). */
    drip: text('drip', { enum: dripModes }),
    /** Whether a learner who finishes the package (every lecture done, every quiz passed) gets a certificate. */
    certificates: integer('certificates', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('packages_on_sale').on(t.archivedAt, t.id)],
);

export const lectures = sqliteTable(
  'lectures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    packageId: packageColumn('cascade'),
    title: text('title'),
    /** Always a normalised embed URL of an allowed video host. */
    videoUrl: text('video_url').notNull(),
    position: integer('position').notNull(),
    /** With the package's drip `days`: days after purchase it opens (null: at purchase). */
    opensAfterDays: integer('opens_after_days'),
    /** The video's length as the admin set it (null: not set yet, and nobody can finish the lecture). */
    durationSeconds: integer('duration_seconds'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('lectures_package_position').on(t.packageId, t.position)],
);

/** Who owns which package. */
export const enrollments = sqliteTable(
  'enrollments',
  {
    userId: userColumn(),
    packageId: packageColumn(),
    /** The approved order that granted it, or null when granted otherwise. */
    orderId: integer('order_id').references((): AnySQLiteColumn => orders.id),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.packageId] }), index('enrollments_package').on(t.packageId)],
);

/** Where each learner stopped in each package. */
export const lectureProgress = sqliteTable(
  'lecture_progress',
  {
    userId: userColumn('cascade'),
    packageId: packageColumn('cascade'),
    lectureId: lectureColumn('cascade'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.packageId] })],
);

export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userColumn(),
    packageId: packageColumn(),
    /** The price at the moment of ordering. */
    amountPaise: integer('amount_paise').notNull(),
    /** The 12-digit UPI reference the buyer typed; none for an order paid through the gateway. */
    utr: text('utr'),
    paymentMethod: text('payment_method', { enum: paymentMethods }).notNull().default('utr'),
    /** The gateway's order (created when the buyer chose to pay through it) and the payment that paid it. */
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    /** When the reconcile job last asked the gateway about this order. */
    gatewayCheckedAt: integer('gateway_checked_at'),
    /** Since when the gateway has answered the reconcile job's questions about this order with an error (none once it answers), and its last error. */
    gatewayErrorSince: integer('gateway_error_since'),
    gatewayLastError: text('gateway_last_error'),
    /** With a discount code: the package's price before it, the discount, and the code as typed (amountPaise is what is paid). */
    listPricePaise: integer('list_price_paise'),
    discountPaise: integer('discount_paise').notNull().default(0),
    discountCodeId: integer('discount_code_id').references((): AnySQLiteColumn => discountCodes.id),
    discountCode: text('discount_code'),
    /** Where the order was placed from, for the admin's fraud flag: SHA-256 of the login device cookie and of the client's address (IPv6 by its /64). */
    placedDevice: text('placed_device'),
    placedNetwork: text('placed_network'),
    referrerId: integer('referrer_id').references(() => users.id),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    /** GST state code and PIN the buyer chose at checkout; asked only when the site issues tax invoices. */
    buyerState: text('buyer_state'),
    buyerPin: text('buyer_pin'),
    /** A business buyer's GSTIN (optional, only with tax invoices); its state code is then the place of supply. */
    buyerGstin: text('buyer_gstin'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: integer('decided_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    // A UTR belongs to one live order; a rejected order's UTR may be used again.
    uniqueIndex('orders_utr_live').on(t.utr).where(sql`${t.status} in ('pending', 'approved', 'awaiting_difference')`),
    uniqueIndex('orders_one_pending').on(t.userId, t.packageId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('orders_gateway_order').on(t.gatewayOrderId).where(sql`${t.gatewayOrderId} is not null`),
    uniqueIndex('orders_gateway_payment').on(t.gatewayPaymentId).where(sql`${t.gatewayPaymentId} is not null`),
    index('orders_discount_code').on(t.discountCodeId, t.userId).where(sql`${t.discountCodeId} is not null`),
    index('orders_status_created').on(t.status, t.createdAt),
    index('orders_user_created').on(t.userId, t.createdAt),
  ],
);

/**
 * The parts an order was paid in, when it was paid in more than one (the admin found less than
 * the price and asked for the difference): one row per UTR with the amount it brought, in the
 * order given. An order paid at once has none (its UTR is `orders.utr`, its amount the price).
 * The first part's UTR is also `orders.utr`.
 */
export const orderPayments = sqliteTable(
  'order_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    utr: text('utr').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('order_payments_order_utr').on(t.orderId, t.utr), index('order_payments_utr').on(t.utr)],
);

/**
 * The append-only earnings ledger. Commission and payout amounts are positive; a correction is
 * signed. Earnings = commissions + corrections; owed = earnings - payouts.
 */
export const ledger = sqliteTable(
  'ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userColumn(),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    createdBy: integer('created_by').references(() => users.id),
    note: text('note'),
    createdAt: integer('created_at').notNull(),
    /** For a payout line: the payout it settles (each payout books one line, once). */
    payoutLineId: integer('payout_line_id').references((): AnySQLiteColumn => payoutLines.id),
  },
  (t) => [
    uniqueIndex('ledger_one_commission_per_order').on(t.orderId).where(sql`${t.kind} = 'commission'`),
    uniqueIndex('ledger_one_per_payout_line').on(t.payoutLineId).where(sql`${t.payoutLineId} is not null`),
    index('ledger_user_created').on(t.userId, t.createdAt),
    index('ledger_created').on(t.createdAt),
  ],
);

/**
 * A bank statement an admin uploaded to match credits against pending orders. The file itself is
 * never stored: only what it did, and its credit lines (below). Counts are as at the upload.
 */
export const statementImports = sqliteTable(
  'statement_imports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: integer('created_at').notNull(),
    /** The name the file had on the admin's device, for people to recognise it. */
    fileName: text('file_name').notNull(),
    /** SHA-256 (hex) of the file's bytes: the same file uploaded again is recognised. */
    fileHash: text('file_hash').notNull(),
    fileKind: text('file_kind', { enum: ['csv', 'xlsx'] }).notNull(),
    /** A known bank layout's key, or 'mapped' for columns the admin chose. */
    layout: text('layout').notNull(),
    /** First and last transaction dates of the statement (YYYY-MM-DD), null without credits. */
    periodFrom: text('period_from'),
    periodTo: text('period_to'),
    /** Transaction rows read (credits and debits). */
    rowsRead: integer('rows_read').notNull(),
    creditLines: integer('credit_lines').notNull(),
    /** Credit lines no earlier import had. */
    newCreditLines: integer('new_credit_lines').notNull(),
    exactCount: integer('exact_count').notNull(),
    mismatchCount: integer('mismatch_count').notNull(),
    noOrderCount: integer('no_order_count').notNull(),
    settledCount: integer('settled_count').notNull(),
    staleDays: integer('stale_days').notNull(),
    staleCount: integer('stale_count').notNull(),
    /** Orders approved from this import, and approvals that failed, over every click. */
    approvedCount: integer('approved_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    lastApprovedBy: integer('last_approved_by').references(() => users.id),
    lastApprovedAt: integer('last_approved_at'),
    /** The earlier import of the very same file, if any. */
    repeatOf: integer('repeat_of').references((): AnySQLiteColumn => statementImports.id),
  },
  (t) => [index('statement_imports_created').on(t.createdAt), index('statement_imports_file').on(t.fileHash)],
);

/** One credit seen in a bank statement, stored once however many statements show it. */
export const statementCredits = sqliteTable(
  'statement_credits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** SHA-256 of the line's date, amount, references, narration and repeat number within its file. */
    fingerprint: text('fingerprint').notNull().unique(),
    firstImportId: integer('first_import_id')
      .notNull()
      .references(() => statementImports.id),
    /** Transaction date as the bank wrote it, normalised to YYYY-MM-DD (IST calendar day). */
    txnDate: text('txn_date').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** The 12-digit UPI reference found in the line, or null. */
    utr: text('utr'),
    reference: text('reference'),
    description: text('description').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('statement_credits_utr').on(t.utr)],
);

/** Which credits each import held, and what its bulk approval did with them. */
export const statementImportLines = sqliteTable(
  'statement_import_lines',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => statementImports.id),
    creditId: integer('credit_id')
      .notNull()
      .references(() => statementCredits.id),
    /** The line's row number in the file (1-based), so the admin can find it. */
    rowNumber: integer('row_number').notNull(),
    /** False when an earlier import already had this credit. */
    isNew: integer('is_new', { mode: 'boolean' }).notNull(),
    result: text('result', { enum: ['approved', 'failed'] }),
    orderId: integer('order_id').references(() => orders.id),
    resultCode: text('result_code'),
    /** No longer written or read: the outcome is its code, worded in the reader's language when read. */
    resultMessage: text('result_message'),
    decidedAt: integer('decided_at'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.creditId] }), index('statement_import_lines_credit').on(t.creditId)],
);

/** Columns an admin chose for a statement layout the app did not know, remembered by header row. */
export const statementMappings = sqliteTable('statement_mappings', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** The header row, normalised: the same bank export has the same key. */
  headerKey: text('header_key').notNull().unique(),
  /** The header cells as the file had them (JSON array), to show the mapping later. */
  headers: text('headers').notNull(),
  dateColumn: integer('date_column').notNull(),
  descriptionColumn: integer('description_column').notNull(),
  referenceColumn: integer('reference_column'),
  creditColumn: integer('credit_column').notNull(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * An admin took back a learner's access to one package. Nothing financial changes: the order, the
 * enrollment and any commission stay. Restoring sets `restoredAt`; the row is kept as history.
 */
export const packageAccessRevocations = sqliteTable(
  'package_access_revocations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userColumn(),
    packageId: packageColumn('cascade'),
    reason: text('reason').notNull(),
    revokedBy: integer('revoked_by')
      .notNull()
      .references(() => users.id),
    revokedAt: integer('revoked_at').notNull(),
    restoredBy: integer('restored_by').references(() => users.id),
    restoredAt: integer('restored_at'),
  },
  (t) => [
    // At most one revocation in force per learner and package.
    uniqueIndex('package_access_revocations_active').on(t.userId, t.packageId).where(sql`restored_at is null`),
  ],
);

/**
 * A numbered series' counter: the last number given in each financial year (April-March, IST),
 * keyed by the calendar year the year starts in (2026 for April 2026 - March 2027); only ever goes up.
 */
const yearCounterTable = (name: string) =>
  sqliteTable(name, {
    fyStart: integer('fy_start').primaryKey(),
    lastSeq: integer('last_seq').notNull(),
  });

/** A document numbered within its financial year: its full number, the year, the number within the year, when it was issued. */
const numberedInYear = () => ({
  number: text('number').notNull().unique(),
  fyStart: integer('fy_start').notNull(),
  seq: integer('seq').notNull(),
  issuedAt: integer('issued_at').notNull(),
});

/** The receipts' series. */
export const receiptCounters = yearCounterTable('receipt_counters');

/**
 * The receipt of an approved order, written in the approval's transaction and never changed:
 * everything it shows is kept as it was then (names, package, seller, tax), money in paise.
 */
export const receipts = sqliteTable(
  'receipts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    /** number is "MS/26-27/000123": prefix, financial year, number within the year. */
    ...numberedInYear(),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address'),
    sellerEmail: text('seller_email'),
    sellerPhone: text('seller_phone'),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone'),
    packageName: text('package_name').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** With a discount code: the price before it, the discount and the code (amountPaise, what was paid, carries the GST). */
    listPricePaise: integer('list_price_paise'),
    discountPaise: integer('discount_paise').notNull().default(0),
    discountCode: text('discount_code'),
    utr: text('utr').notNull(),
    /** An order paid in parts: each part's UTR and amount, as JSON `[{ utr, amountPaise }]`; none for one payment. */
    paymentParts: text('payment_parts'),
    paidAt: integer('paid_at').notNull(),
    /** Set when the receipt is a tax invoice. */
    gstin: text('gstin'),
    sellerState: text('seller_state'),
    buyerState: text('buyer_state'),
    buyerPin: text('buyer_pin'),
    /** The buyer's GSTIN when they gave one (a B2B invoice). */
    buyerGstin: text('buyer_gstin'),
    taxRateBp: integer('tax_rate_bp'),
    taxablePaise: integer('taxable_paise'),
    cgstPaise: integer('cgst_paise'),
    sgstPaise: integer('sgst_paise'),
    igstPaise: integer('igst_paise'),
  },
  (t) => [uniqueIndex('receipts_fy_seq').on(t.fyStart, t.seq), index('receipts_issued').on(t.issuedAt)],
);

/** The credit notes' series, apart from the receipts'. */
export const creditNoteCounters = yearCounterTable('credit_note_counters');

/**
 * The credit note of a tax invoice whose order was reversed (CGST Act section 34, rule 53 of the
 * CGST Rules): numbered in its own series per financial year, referring to the invoice, for the
 * whole of it, written in the reversal's transaction and never changed.
 */
export const creditNotes = sqliteTable(
  'credit_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    receiptId: integer('receipt_id')
      .notNull()
      .unique()
      .references(() => receipts.id),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    /** number is "MS/26-27/C00001": prefix, financial year, C and the number within the year. */
    ...numberedInYear(),
    reason: text('reason').notNull(),
    /** The invoice's value credited back, in full. */
    amountPaise: integer('amount_paise').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
  },
  (t) => [uniqueIndex('credit_notes_fy_seq').on(t.fyStart, t.seq), index('credit_notes_issued').on(t.issuedAt)],
);

/**
 * TDS (Income-tax Act section 194H) booked when commission is credited: withheld (positive) from
 * the credit that takes the financial year's total over the threshold and every later one, given
 * back (negative) when a credit of the same year is reversed. Each has its `tds` ledger line.
 */
export const tdsDeductions = sqliteTable(
  'tds_deductions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userColumn(),
    ledgerId: integer('ledger_id')
      .notNull()
      .unique()
      .references(() => ledger.id),
    /** The order whose commission (or reversal) it follows. */
    orderId: integer('order_id').references(() => orders.id),
    /** The calendar year the financial year starts in. */
    fyStart: integer('fy_start').notNull(),
    /** What the TDS is on: the year's whole credit at the crossing, else the commission; negative for a reversal. */
    basePaise: integer('base_paise').notNull(),
    rateBp: integer('rate_bp').notNull(),
    /** Withheld (positive) or given back (negative). */
    tdsPaise: integer('tds_paise').notNull(),
    /** The PAN on file then (encrypted at rest), or null (the higher rate, section 206AA). */
    pan: encryptedText('pan'),
    panName: text('pan_name'),
    /** The date of credit: when the commission (or its reversal) was booked. */
    creditedAt: integer('credited_at').notNull(),
  },
  (t) => [index('tds_deductions_credited').on(t.creditedAt), index('tds_deductions_user_year').on(t.userId, t.fyStart)],
);

/**
 * UTRs no new order may use although no order here holds them: payments the legacy app recorded
 * as successful whose buyer or course did not come over (or that paid twice). Never removed.
 */
export const reservedUtrs = sqliteTable('reserved_utrs', {
  utr: text('utr').primaryKey(),
  /** Where it was reserved from: `legacy` (a legacy transaction, by its id). */
  source: text('source').notNull(),
  sourceId: text('source_id'),
  reservedAt: integer('reserved_at').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type PackageRow = typeof packages.$inferSelect;
export type LectureRow = typeof lectures.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderPaymentRow = typeof orderPayments.$inferSelect;
export type LedgerRow = typeof ledger.$inferSelect;
export type StatementImportRow = typeof statementImports.$inferSelect;
export type StatementCreditRow = typeof statementCredits.$inferSelect;
export type StatementMappingRow = typeof statementMappings.$inferSelect;

/**
 * Rows brought over from the legacy app, by the legacy id they had there, so that running the
 * import again finds them instead of adding them twice. `kind` says which table `local_id` is in:
 * user (two legacy accounts merged into one both point at it), package, lecture, order (from a
 * legacy transaction or pending order), grant (a package owned without a transaction: the
 * user's id, `legacy_id` naming the buyer and course), earning and payout (ledger lines of the
 * opening balance, `legacy_id` naming the legacy user and the total reached), picture (a
 * profile picture brought over: the user's id, `legacy_id` the legacy user's).
 */
export const legacyIds = sqliteTable(
  'legacy_ids',
  {
    kind: text('kind', { enum: ['user', 'package', 'lecture', 'order', 'grant', 'earning', 'payout', 'picture'] }).notNull(),
    legacyId: text('legacy_id').notNull(),
    localId: integer('local_id').notNull(),
    importedAt: integer('imported_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.legacyId] }), index('legacy_ids_local').on(t.kind, t.localId)],
);

/**
 * Browsers that have logged in to an account (OWASP's "device cookie"): failed logins from
 * elsewhere do not lock these out. Separate from sessions: a device stays known after logout.
 */
export const loginDevices = sqliteTable(
  'login_devices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userColumn('cascade'),
    /** SHA-256 of the device cookie (hex); the cookie itself is never stored. */
    deviceHash: text('device_hash').notNull(),
    lastLoginAt: integer('last_login_at').notNull(),
  },
  (t) => [uniqueIndex('login_devices_user_device').on(t.userId, t.deviceHash)],
);
export type ReceiptRow = typeof receipts.$inferSelect;

// Affiliate payouts: where to send the money, requests, batches and their lines.

/** Where an affiliate wants to be paid: a UPI id or a bank account, with PAN for TDS. One row per user. */
export const payoutDetails = sqliteTable('payout_details', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  method: text('method', { enum: ['upi', 'bank'] }).notNull(),
  /** Lower-cased `name@handle`, for method upi. */
  upiId: text('upi_id'),
  accountHolder: text('account_holder'),
  /** Digits only, for method bank. */
  accountNumber: encryptedText('account_number'),
  /** Upper-cased `AAAA0XXXXXX`, for method bank. */
  ifsc: text('ifsc'),
  /** Upper-cased `AAAAA9999A`, or null when the affiliate gave none (TDS at the higher rate). */
  pan: encryptedText('pan'),
  panName: text('pan_name'),
  updatedAt: integer('updated_at').notNull(),
  /** When details saved before were replaced (null after the first save): payouts to them wait PAYOUT_DETAILS_HOLD_DAYS. */
  changedAt: integer('changed_at'),
});

/**
 * An affiliate's request to be paid what they are owed. It keeps the payout details as they were
 * when it was made: a later change applies to later requests only.
 */
export const payoutRequests = sqliteTable(
  'payout_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userColumn(),
    /** open: waiting for a batch; batched: in a batch not yet settled; then paid, failed or cancelled. */
    status: text('status', { enum: ['open', 'batched', 'paid', 'failed', 'cancelled'] }).notNull(),
    /** What was requestable when the request was made (the batch fixes what is paid). */
    amountPaise: integer('amount_paise').notNull(),
    /** The payout details at the time of the request (JSON). */
    details: encryptedText('details').notNull(),
    createdAt: integer('created_at').notNull(),
    closedAt: integer('closed_at'),
  },
  (t) => [
    uniqueIndex('payout_requests_one_open').on(t.userId).where(sql`${t.status} in ('open', 'batched')`),
    index('payout_requests_status').on(t.status, t.createdAt),
  ],
);

/** A set of payouts an admin prepared at once, exported for the bank's bulk upload. */
export const payoutBatches = sqliteTable('payout_batches', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** Earnings credited up to this moment are in the batch. */
  cutoff: integer('cutoff').notNull(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: integer('created_at').notNull(),
  /** When the bank file was first downloaded: from then on the bank may pay, so no line is withdrawn. */
  exportedAt: integer('exported_at'),
});

/**
 * One payout: gross (what leaves owed), TDS withheld and net (what the bank sends), fixed when the
 * line was made. A line is pending until marked paid (with the bank's UTR; its ledger line is
 * booked then, once) or failed (nothing booked: the money stays owed). A direct payout (the
 * legacy "send earnings email") is a line without a batch, paid at once.
 */
export const payoutLines = sqliteTable(
  'payout_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    batchId: integer('batch_id').references(() => payoutBatches.id),
    userId: userColumn(),
    requestId: integer('request_id').references(() => payoutRequests.id),
    status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull(),
    grossPaise: integer('gross_paise').notNull(),
    tdsPaise: integer('tds_paise').notNull(),
    netPaise: integer('net_paise').notNull(),
    /** The TDS rate applied, in hundredths of a percent (200 = 2%), 0 when none. */
    tdsRateBp: integer('tds_rate_bp').notNull().default(0),
    /** When gross and TDS were fixed: the batch's cutoff, or the moment of a direct payout. Its financial year is the TDS year. */
    fixedAt: integer('fixed_at').notNull(),
    /** The payout details used (JSON), as the request or the profile had them. */
    details: encryptedText('details'),
    pan: encryptedText('pan'),
    panName: text('pan_name'),
    utr: text('utr'),
    failReason: text('fail_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: integer('decided_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    // A user is in at most one unsettled line, so two batches cannot both promise the same money.
    uniqueIndex('payout_lines_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('payout_lines_batch').on(t.batchId),
    index('payout_lines_user').on(t.userId, t.fixedAt),
    index('payout_lines_fixed').on(t.fixedAt),
  ],
);

/** An approved order taken back (a mistaken approval, a fake UTR found later). Once per order. */
export const orderReversals = sqliteTable('order_reversals', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  reason: text('reason').notNull(),
  /** The commission taken back (paise, positive), 0 when there was none. */
  commissionPaise: integer('commission_paise').notNull(),
  /** The admin who reversed it; none when a refund made on the payment gateway's dashboard did. */
  reversedBy: integer('reversed_by').references(() => users.id),
  reversedAt: integer('reversed_at').notNull(),
  /** The gateway's refund, when the money went back through the gateway. */
  gatewayRefundId: text('gateway_refund_id'),
});

/**
 * Every event the payment gateway sent to the webhook, once: the unique key refuses a replayed
 * event before it does anything. `outcome` says what it did (settled, ignored, refused) and why.
 */
export const gatewayEvents = sqliteTable(
  'gateway_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    outcome: text('outcome').notNull(),
    receivedAt: integer('received_at').notNull(),
  },
  (t) => [uniqueIndex('gateway_events_once').on(t.provider, t.eventId), index('gateway_events_received').on(t.receivedAt)],
);

/**
 * A gateway payment an admin must look at: a second payment for an order already paid (approved
 * by UTR, or paid twice), a payment of the wrong amount, a payment for a rejected order, or a
 * partial refund. Once per payment; resolved when the money is refunded (or the admin says so).
 */
export const paymentAlerts = sqliteTable(
  'payment_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    kind: text('kind', { enum: paymentAlertKinds }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    foundAt: integer('found_at').notNull(),
    resolvedAt: integer('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    gatewayRefundId: text('gateway_refund_id'),
  },
  (t) => [uniqueIndex('payment_alerts_once').on(t.gatewayPaymentId, t.kind), index('payment_alerts_open').on(t.resolvedAt, t.foundAt)],
);

export type PayoutDetailsRow = typeof payoutDetails.$inferSelect;
export type PayoutRequestRow = typeof payoutRequests.$inferSelect;
export type PayoutBatchRow = typeof payoutBatches.$inferSelect;
export type PayoutLineRow = typeof payoutLines.$inferSelect;
export type PaymentAlertRow = typeof paymentAlerts.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type TdsDeductionRow = typeof tdsDeductions.$inferSelect;

/**
 * Discount codes, matched without regard to case (stored in capitals), one namespace for all: an
 * admin's coupons and affiliates' own codes (one each). A discount is a percentage (hundredths of a
 * percent) or an amount; an affiliate code without one takes AFFILIATE_CODE_DISCOUNT_PERCENT.
 * Never deleted once used: paused instead.
 */
export const discountCodes = sqliteTable(
  'discount_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: discountCodeKinds }).notNull(),
    affiliateId: integer('affiliate_id').references(() => users.id),
    percentBp: integer('percent_bp'),
    amountPaise: integer('amount_paise'),
    /** False: only the packages listed in discount_code_packages. */
    allPackages: integer('all_packages', { mode: 'boolean' }).notNull().default(true),
    validFrom: integer('valid_from'),
    validUntil: integer('valid_until'),
    /** Uses in all (orders pending or approved and not reversed); null: no limit. */
    maxUses: integer('max_uses'),
    perLearnerLimit: integer('per_learner_limit').notNull().default(1),
    /** A code that takes the whole price may enrol for free only when the admin allowed it; else the price stays at least ₹1. */
    freeAllowed: integer('free_allowed', { mode: 'boolean' }).notNull().default(false),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('discount_codes_one_per_affiliate').on(t.affiliateId).where(sql`${t.kind} = 'affiliate'`)],
);

export const discountCodePackages = sqliteTable(
  'discount_code_packages',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id),
    packageId: packageColumn(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.packageId] })],
);

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/**
 * Consent to the privacy notice (Digital Personal Data Protection Act 2023, section 6): which
 * version, when, and where it was given (sign-up, or accepted again at a later visit). Kept until
 * the account is erased.
 */
export const consents = sqliteTable(
  'consents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userColumn(),
    noticeVersion: text('notice_version').notNull(),
    via: text('via', { enum: ['register', 'visit'] }).notNull(),
    acceptedAt: integer('accepted_at').notNull(),
  },
  (t) => [index('consents_user').on(t.userId, t.acceptedAt)],
);

/**
 * A minor's parent's consent (DPDP Act s. 9), verified by a code emailed to the parent: the code
 * as a hash, when it expires, the tries at it and at every code together, and when the parent
 * consented. One per account; deleted with the account's erasure.
 */
export const parentalConsents = sqliteTable('parental_consents', {
  userId: userColumn('cascade').primaryKey(),
  parentEmail: text('parent_email').notNull(),
  codeHash: text('code_hash').notNull(),
  codeExpiresAt: integer('code_expires_at').notNull(),
  codeSentAt: integer('code_sent_at').notNull(),
  codeTries: integer('code_tries').notNull().default(0),
  triesTotal: integer('tries_total').notNull().default(0),
  consentedAt: integer('consented_at'),
  createdAt: integer('created_at').notNull(),
});

/**
 * A person's request to erase their account: confirmed through a link emailed to them, then
 * carried out (or it expires). Kept with its outcome for the admins' list and the record.
 */
export const erasureRequests = sqliteTable(
  'erasure_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userColumn(),
    /** SHA-256 of the emailed link's token. */
    tokenHash: text('token_hash').notNull().unique(),
    requestedAt: integer('requested_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    completedAt: integer('completed_at'),
    /** What was owed to the person and written down at the erasure (paise), when anything was. */
    writtenDownPaise: integer('written_down_paise'),
  },
  (t) => [index('erasure_requests_user').on(t.userId), index('erasure_requests_requested').on(t.requestedAt)],
);

/**
 * Who did what to which record: every admin action (and a person's own erasure). Append-only: the
 * database refuses to change or delete a row (triggers in the migration), and the app has no call
 * that could. `detail` holds the action's input without secrets, never free-form personal data.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: text('detail'),
    /** SHA-256 of the detail as written (`"null"` for none): the chain keeps it when an erasure clears the detail. */
    detailDigest: text('detail_digest'),
    /** The hash chain (features/audit/audit-chain.ts): the entry before's hash, and this entry's. */
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_actor').on(t.actorId, t.at), index('audit_log_target').on(t.targetType, t.targetId)],
);

// Learning: progress that means watched, lectures that open on a schedule, quizzes, certificates.

/**
 * How far a learner got in each lecture: when they first played it, how many seconds of it the
 * player saw played (seeks not counted) out of its length (null where the player cannot tell), and
 * when it counted as done: watched (WATCHED_SHARE of its length) or marked done by the learner
 * where the player cannot tell. Never done before it was played (a row exists only once played).
 */
export const lectureWatches = sqliteTable(
  'lecture_watches',
  {
    userId: userColumn('cascade'),
    lectureId: lectureColumn('cascade'),
    packageId: packageColumn('cascade'),
    startedAt: integer('started_at').notNull(),
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    durationSeconds: integer('duration_seconds'),
    doneAt: integer('done_at'),
    doneHow: text('done_how', { enum: ['watched', 'marked'] }),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lectureId] }), index('lecture_watches_package').on(t.packageId, t.userId)],
);

/** Drip: up to when each buyer was told of lectures that opened (the drip job emails what opened after it). */
export const dripNotices = sqliteTable(
  'drip_notices',
  {
    userId: userColumn('cascade'),
    packageId: packageColumn('cascade'),
    notifiedThrough: integer('notified_through').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.packageId] })],
);

/**
 * A quiz: of one lecture (`lecture_id`), or at the end of its package (none). At most one each.
 * A learner passes with `pass_percent` of its questions answered right.
 */
export const quizzes = sqliteTable(
  'quizzes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    packageId: packageColumn('cascade'),
    lectureId: integer('lecture_id').references(() => lectures.id, { onDelete: 'cascade' }),
    passPercent: integer('pass_percent').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('quizzes_one_per_lecture').on(t.lectureId).where(sql`${t.lectureId} is not null`),
    uniqueIndex('quizzes_one_final').on(t.packageId).where(sql`${t.lectureId} is null`),
  ],
);

/** A multiple-choice question, in Marathi and/or English, with an optional explanation shown after an attempt. */
export const quizQuestions = sqliteTable(
  'quiz_questions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    textEn: text('text_en'),
    textMr: text('text_mr'),
    explanationEn: text('explanation_en'),
    explanationMr: text('explanation_mr'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('quiz_questions_quiz').on(t.quizId, t.position)],
);

/** A question's choices; one or more are right. Which ones never leaves the server before an attempt is submitted. */
export const quizOptions = sqliteTable(
  'quiz_options',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    textEn: text('text_en'),
    textMr: text('text_mr'),
    correct: integer('correct', { mode: 'boolean' }).notNull(),
  },
  (t) => [index('quiz_options_question').on(t.questionId, t.position)],
);

/**
 * A submitted attempt, kept: how many questions were right of how many, the score, whether it
 * passed, and what was chosen (JSON: question id to the chosen option ids).
 */
export const quizAttempts = sqliteTable(
  'quiz_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: userColumn(),
    submittedAt: integer('submitted_at').notNull(),
    rightCount: integer('right_count').notNull(),
    questionCount: integer('question_count').notNull(),
    scorePercent: integer('score_percent').notNull(),
    passed: integer('passed', { mode: 'boolean' }).notNull(),
    answers: text('answers').notNull(),
  },
  (t) => [index('quiz_attempts_user').on(t.userId, t.quizId, t.submittedAt), index('quiz_attempts_quiz').on(t.quizId, t.submittedAt)],
);

/** The name a learner chose for their certificates, in Devanagari or Latin letters: chosen once, then fixed. */
export const certificateNames = sqliteTable('certificate_names', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  name: text('name').notNull(),
  script: text('script', { enum: nameScripts }).notNull(),
  chosenAt: integer('chosen_at').notNull(),
});

/**
 * A certificate of completion: its public number, whose and of which package, the name and the
 * package's name as printed, when it was issued, and when (by whom, why) it was revoked. One
 * valid certificate per learner and package.
 */
export const certificates = sqliteTable(
  'certificates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    number: text('number').notNull().unique(),
    userId: userColumn(),
    packageId: packageColumn(),
    name: text('name').notNull(),
    packageName: text('package_name').notNull(),
    issuedAt: integer('issued_at').notNull(),
    revokedAt: integer('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('certificates_one_valid').on(t.userId, t.packageId).where(sql`${t.revokedAt} is null`),
    index('certificates_package').on(t.packageId, t.issuedAt),
  ],
);

export type QuizRow = typeof quizzes.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;

/**
 * The notification outbox: every message to a person, written in the transaction of the event it
 * tells of and delivered by a worker after the commit, retried with backoff. The unique key (event,
 * recipient, channel) means a message is never written, so never sent, twice.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The event this message tells of, e.g. `order-approved:42`. */
    eventKey: text('event_key').notNull(),
    /** The account told, or null for someone without one (a sign-up's code, a parent asked to consent). */
    userId: integer('user_id').references((): AnySQLiteColumn => users.id),
    /** `user:<id>`, or the email address of someone without an account. */
    recipient: text('recipient').notNull(),
    channel: text('channel', { enum: notificationChannels }).notNull(),
    /** The template, e.g. `order-approved`. */
    kind: text('kind').notNull(),
    lang: text('lang', { enum: languages }).notNull(),
    /** JSON of what the template needs. */
    payload: text('payload').notNull(),
    status: text('status', { enum: notificationStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    lastError: text('last_error'),
    /** The provider's id for the sent message (WhatsApp's `wamid`), or null. */
    providerMessageId: text('provider_message_id'),
    /** The last delivery status the provider reported (WhatsApp: sent, delivered, read, failed). */
    deliveryStatus: text('delivery_status'),
    deliveryStatusAt: integer('delivery_status_at'),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
    /** When a worker took the row to deliver it; null when nobody holds it (a crashed worker's claim is cleared at start). */
    claimedAt: integer('claimed_at'),
  },
  (t) => [
    uniqueIndex('notifications_once').on(t.eventKey, t.recipient, t.channel),
    index('notifications_due').on(t.status, t.nextAttemptAt),
    index('notifications_provider').on(t.providerMessageId),
    index('notifications_user').on(t.userId),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The record of a consent to be told on a channel other than email (WhatsApp), given or withdrawn,
 * kept apart from the privacy notice's consent because DPDP asks for each purpose's own: when, how
 * (at sign-up, in the profile, by replying STOP), and to which number.
 */
export const channelConsents = sqliteTable(
  'channel_consents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: userColumn(),
    channel: text('channel', { enum: ['whatsapp'] }).notNull(),
    action: text('action', { enum: ['given', 'withdrawn'] }).notNull(),
    via: text('via', { enum: ['register', 'profile', 'reply'] }).notNull(),
    /** The number the consent was about; cleared when the person is erased. */
    phone: text('phone'),
    at: integer('at').notNull(),
  },
  (t) => [index('channel_consents_user').on(t.userId, t.at)],
);
