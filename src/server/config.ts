import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { languages } from '../shared/domain.js';
import { GSTIN_PATTERN, gstinProblem } from '../shared/gstin.js';
import { stateCodes } from '../shared/indian-states.js';
import { parseRupees } from '../shared/money.js';
import { percentage } from '../shared/schemas.js';
import { parseDataKey } from './lib/data-crypto.js';
import { whatsAppKinds, type WhatsAppKind } from '../shared/domain.js';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const port = z.preprocess(
  emptyAsUndefined,
  z.coerce
    .number({ error: 'expected a whole number from 0 to 65535' })
    .int('expected a whole number from 0 to 65535')
    .min(0, 'expected a whole number from 0 to 65535')
    .max(65535, 'expected a whole number from 0 to 65535')
    .default(3000),
);

const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// address' }).transform((url) => url.replace(/\/+$/, ''));

/**
 * TRUST_PROXY follows Fastify's trustProxy option: "false" (default), a hop count, or a
 * comma-separated list of proxy addresses/CIDRs. "true" (trust every hop) is refused: it would let
 * any client choose its own IP with X-Forwarded-For and walk past every per-IP limit.
 */
const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .default('false')
    .transform((raw, ctx): false | number | string[] => {
      const value = raw.trim().toLowerCase();
      if (value === 'false' || value === '0') return false;
      if (value === 'true') {
        ctx.addIssue({
          code: 'custom',
          message: '"true" would trust an X-Forwarded-For that any client can write; give the number of proxies in front (1 for one) or their addresses',
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(value)) return Number(value);
      const list = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (list.length > 0 && list.every((part) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(part))) return list;
      ctx.addIssue({ code: 'custom', message: 'expected true, false, a hop count or a list of proxy addresses' });
      return z.NEVER;
    }),
);

/**
 * CORS_ORIGINS: exact origins (scheme, host and port, no path) allowed to call the REST API from
 * another site, comma-separated. `*` is refused: those calls carry credentials.
 */
const corsOrigins = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .default('')
    .transform((raw, ctx): string[] => {
      const origins: string[] = [];
      for (const part of raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        if (part === '*') {
          ctx.addIssue({ code: 'custom', message: 'expected exact origins; "*" is not allowed because the calls carry credentials' });
          return z.NEVER;
        }
        let url: URL | undefined;
        try {
          url = new URL(part);
        } catch {
          url = undefined;
        }
        if (!url || !/^https?:$/.test(url.protocol) || url.origin !== part.replace(/\/$/, '')) {
          ctx.addIssue({ code: 'custom', message: `expected origins such as https://old.example.com (no path), got "${part}"` });
          return z.NEVER;
        }
        if (!origins.includes(url.origin)) origins.push(url.origin);
      }
      return origins;
    }),
);
/** A whole number of rupees, 0 or more, read as amounts typed anywhere are (`parseRupees`), in paise. */
function wholeRupees(fallback: number) {
  return z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .transform((raw, ctx) => {
          if (raw === undefined) return fallback * 100;
          const paise = parseRupees(raw);
          if (paise === null || paise % 100 !== 0) {
            ctx.addIssue({ code: 'custom', message: 'expected a whole number of rupees' });
            return z.NEVER;
          }
          if (paise > 1_00_00_000_00) {
            ctx.addIssue({ code: 'custom', message: 'expected at most 10000000 rupees' });
            return z.NEVER;
          }
          return paise;
        }),
    )
    .meta({ default: `\`${fallback}\`` }); // the rupees an operator writes, not the paise the schema gives
}

/** A percentage from 0 to 100, at most two decimals. */
function percent(fallback: number) {
  return z.preprocess(
    emptyAsUndefined,
    percentage(0, { invalid: 'expected a number from 0 to 100', decimals: 'expected at most two decimals' }).default(fallback),
  );
}

/** The template each WhatsApp message is sent with unless WHATSAPP_TEMPLATES names another (docs/whatsapp.md gives their texts). */
const defaultWhatsAppTemplates: Record<WhatsAppKind, string> = {
  'payment-received': 'payment_received_checking',
  'order-approved': 'course_access_granted',
  'order-rejected': 'payment_rejected_reason',
  'payout-paid': 'payout_paid_with_tds',
  'lecture-opened': 'lecture_unlocked',
  'certificate-issued': 'certificate_issued',
  'difference-asked': 'payment_difference_due',
  'parts-refund-due': 'upi_payment_refund_due',
  'parts-refunded': 'upi_payment_refunded',
};

/** WHATSAPP_TEMPLATES: `kind=template_name` pairs, comma-separated, each replacing that kind's default name. */
const whatsAppTemplateNames = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .default('')
    .transform((raw, ctx): Record<WhatsAppKind, string> => {
      const names = { ...defaultWhatsAppTemplates };
      for (const pair of raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        const [kind = '', name = ''] = pair.split('=').map((part) => part.trim());
        if (!(whatsAppKinds as readonly string[]).includes(kind)) {
          ctx.addIssue({ code: 'custom', message: `expected kind=template_name pairs whose kind is one of ${whatsAppKinds.join(', ')}, got "${kind}"` });
          return z.NEVER;
        }
        if (!/^[a-z0-9_]{1,512}$/.test(name)) {
          ctx.addIssue({ code: 'custom', message: `expected a template name of lowercase letters, digits and underscores for ${kind}` });
          return z.NEVER;
        }
        names[kind as WhatsAppKind] = name;
      }
      return names;
    }),
);

/** A language code as Meta names a template's language: `mr`, `en`, `en_US`, `en_GB`. */
function whatsAppLanguage(fallback: string) {
  return z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'expected a language code as Meta writes it, such as mr, en or en_US')
      .default(fallback),
  );
}

/** The price of one WhatsApp message in paise, at most two decimals (Meta's India utility rate is ₹0.115: 11.5), kept in hundredths of a paisa. */
const whatsAppPrice = z
  .preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('11.5')
      .transform((raw, ctx) => {
        if (!/^\d{1,5}(\.\d{1,2})?$/.test(raw.trim())) {
          ctx.addIssue({ code: 'custom', message: 'expected paise per message, at most two decimals, such as 11.5' });
          return z.NEVER;
        }
        return Math.round(Number(raw) * 100);
      }),
  )
  .meta({ default: '`11.5`' });

/**
 * The environment's settings. Each has one description for operators (`describe`, or `meta`'s
 * `description`), and `meta`'s `default` when the default shown to them is not the value parsed from
 * nothing (a derived default, or units the app converts): `npm run docs:settings` writes the settings
 * table of docs/operations.md from them, and a test fails when the two differ.
 */
export const envSchema = z.object({
  PORT: port.describe('port to listen on'),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')).describe('address to listen on'),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()).meta({
    description: 'the address people use; links in emails and referral links start with it; `https://` turns on secure cookies and HSTS',
    default: '`http://localhost:PORT`',
  }),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')).describe('holds `app.db`, `uploads/` and `outbox/`'),
  SMTP_URL: z
    .preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// address' }).optional())
    .describe('`smtp://` or `smtps://` server for email; unset writes emails to the outbox folder'),
  MAIL_FROM: z
    .preprocess(emptyAsUndefined, z.string().min(3).optional())
    .meta({ description: 'sender of every email', default: '`SITE_NAME <no-reply@localhost>`' }),
  SITE_NAME: z.preprocess(emptyAsUndefined, z.string().min(1).max(60).default('Marathi Success')).describe('name in the header, titles and emails'),
  UPI_ID: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/, 'expected a UPI id such as name@bank')
        .optional(),
    )
    .describe('the UPI id (`name@bank`) that receives payments'),
  UPI_PAYEE_NAME: z
    .preprocess(emptyAsUndefined, z.string().min(1).max(60).optional())
    .meta({ description: 'payee name shown by UPI apps', default: '`SITE_NAME`' }),
  COMMISSION_PERCENT: z
    .preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'expected a number from 0 to 100' })
        .min(0, 'expected a number from 0 to 100')
        .max(100, 'expected a number from 0 to 100')
        .default(10),
    )
    .describe("sponsor's commission when a package has no fixed one"),
  CONTACT_EMAIL: z
    .preprocess(emptyAsUndefined, z.email({ error: 'expected an email address' }).optional())
    .describe("shown on the Contact Us page; also the seller's contact on receipts"),
  CONTACT_PHONE: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\+?[0-9 -]{6,20}$/, 'expected a phone number such as +91 98765 43210')
        .optional(),
    )
    .describe("shown on the Contact Us page; also the seller's contact on receipts; with it My Courses offers a WhatsApp link for help with a payment"),
  TRUST_PROXY: trustProxy.describe(
    'behind a reverse proxy: the number of proxies in front (`1` for one), or their addresses; `true` is refused (any client could choose its IP)',
  ),
  CORS_ORIGINS: corsOrigins.meta({
    description:
      'comma-separated exact origins (`https://old.example.com`) whose pages may call the REST API with header `token`, such as the legacy client during the move; `*` stops the start',
    default: 'unset (none)',
  }),
  MAX_DEVICES_PER_LEARNER: z
    .preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'expected a whole number from 0 (no limit) to 100' })
        .int('expected a whole number from 0 (no limit) to 100')
        .min(0, 'expected a whole number from 0 (no limit) to 100')
        .max(100, 'expected a whole number from 0 (no limit) to 100')
        .default(2),
    )
    .describe('devices a learner may be logged in on at once; `0` means no limit; admins are exempt'),
  UPI_MERCHANT_CODE: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\d{4}$/, 'expected the 4-digit merchant category code (MCC) of a business UPI id')
        .optional(),
    )
    .describe(
      'the 4-digit merchant category code (`mc`) of a business UPI id. **A business (merchant) UPI id works far more reliably than a personal one**: UPI apps often refuse "pay" links to personal ids (NPCI\'s "risk threshold" and "not allowed" declines), while scanning the QR usually works',
    ),
  DEFAULT_LANGUAGE: z
    .preprocess(emptyAsUndefined, z.enum(languages, { error: 'expected mr (Marathi) or en (English)' }).default('mr'))
    .describe("the language a visitor who has not chosen one gets, and a sponsor's share links default to: mr (Marathi) or en (English)"),
  APPROVAL_HOURS_HINT: z
    .preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'expected a whole number of hours from 1 to 720' })
        .int('expected a whole number of hours from 1 to 720')
        .min(1, 'expected a whole number of hours from 1 to 720')
        .max(720, 'expected a whole number of hours from 1 to 720')
        .default(24),
    )
    .describe('hours learners are told checking a payment usually takes (1–720)'),
  RECEIPT_PREFIX: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[A-Z0-9]{1,3}$/, 'expected 1 to 3 capital letters or digits, such as MS')
        .default('MS'),
    )
    .describe('receipt numbers are `PREFIX/YY-YY/NNNNNN` (1–3 capital letters or digits, so at most 16 characters)'),
  SELLER_NAME: z
    .preprocess(emptyAsUndefined, z.string().trim().min(1).max(100).optional())
    .meta({ description: 'the seller on receipts', default: '`SITE_NAME`' }),
  SELLER_ADDRESS: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(300).optional()).describe("the seller's address on receipts"),
  GSTIN: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(GSTIN_PATTERN, 'expected a 15-character GSTIN such as 27AAPFU0939F1ZV')
        .refine((gstin) => gstinProblem(gstin) !== 'GSTIN_CHECK_FAILED', {
          message: 'its last character (the check character) does not match the first 14: check the GSTIN for a typing mistake',
        })
        .optional(),
    )
    .describe(
      "set (with `SELLER_STATE`) to issue tax invoices instead of plain receipts (checked by its check character); the checkout then asks the buyer's state and PIN code, and a business's GSTIN if it has one",
    ),
  SELLER_STATE: z
    .preprocess(emptyAsUndefined, z.enum(stateCodes, { error: 'expected the two-digit GST state code, such as 27 for Maharashtra' }).optional())
    .describe("the seller's two-digit GST state code (`27` for Maharashtra); must match the GSTIN's first two digits"),
  GST_RATE_PERCENT: z
    .preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'expected a percentage from 0 to 28 with at most two decimals' })
        .min(0, 'expected a percentage from 0 to 28 with at most two decimals')
        .max(28, 'expected a percentage from 0 to 28 with at most two decimals')
        .refine(
          (n) => Number.isInteger(Math.round(n * 100)) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
          'expected a percentage from 0 to 28 with at most two decimals',
        )
        .default(18),
    )
    .describe('GST rate for tax invoices, 0–28'),
  PAYOUT_MINIMUM_RUPEES: wholeRupees(500).describe(
    "the least an affiliate may request as a payout; the admin's payouts screen lists everyone owed at least this",
  ),
  PAYOUT_USUAL_DAYS: z
    .preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'expected a whole number of days from 1 to 60' })
        .int('expected a whole number of days from 1 to 60')
        .min(1, 'expected a whole number of days from 1 to 60')
        .max(60, 'expected a whole number of days from 1 to 60')
        .default(7),
    )
    .describe(
      "how many days a payout usually takes from the affiliate's request to the money in their account (1 to 60); the Payouts page and the payout request tell the affiliate it, in their language",
    ),
  TDS_ENABLED: z
    .preprocess(
      emptyAsUndefined,
      z
        .enum(['true', 'false', '1', '0'], { error: 'expected true or false' })
        .default('false')
        .transform((value) => value === 'true' || value === '1'),
    )
    .describe(
      "withhold TDS on commission when it is credited (section 194H of the 1961 Act to March 2026, section 393(1) Table Sl. No. 1(ii) of the 2025 Act from April 2026); depends on the operator's legal form",
    ),
  TDS_RATE_PERCENT: percent(2).describe('TDS rate when the affiliate gave a PAN'),
  TDS_THRESHOLD_RUPEES: wholeRupees(20000).describe('TDS starts once commission credited in the financial year exceeds this'),
  TDS_NO_PAN_RATE_PERCENT: percent(20).describe('TDS rate when no PAN is on file (section 206AA; 397(2)(b) from April 2026)'),
  LOG_LEVEL: z
    .preprocess(emptyAsUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'))
    .describe('`debug` adds one line per request'),
  WAL_CHECKPOINTS: z
    .preprocess(emptyAsUndefined, z.enum(['app', 'litestream'], { error: 'expected app or litestream' }).default('app'))
    .describe(
      'who checkpoints the SQLite WAL: `app` (the server, in a worker thread) or `litestream` (Litestream replicates the database and checkpoints it; the server then leaves the WAL alone but for a backstop at about 200 MB): set it with Litestream ([deploy.md](deploy.md), section 8; [decision 147](decisions/147-checkpoints-left-to-litestream.md))',
    ),
  DATA_ENCRYPTION_KEY: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine((text) => parseDataKey(text) !== null, 'expected 32 random bytes as base64 (openssl rand -base64 32) or 64 hex digits')
        .optional(),
    )
    .meta({
      description:
        '32 random bytes (`openssl rand -base64 32`) that encrypt PANs and bank account numbers at rest; keep a copy apart from the backups: without it they cannot be read, and a database whose key is missing does not start',
      default: 'unset: the key file `DATA_DIR/data-encryption.key`, made at the first start',
    }),
  DATA_ENCRYPTION_OLD_KEYS: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine(
          (text) => text.split(',').every((key) => parseDataKey(key) !== null),
          'expected earlier keys, comma-separated, each as DATA_ENCRYPTION_KEY is written',
        )
        .optional(),
    )
    .describe(
      'earlier keys, comma-separated, still read while everything is sealed again with the new key at start (rotation: [if-data-leaks.md](if-data-leaks.md))',
    ),
  GRIEVANCE_OFFICER: z
    .preprocess(emptyAsUndefined, z.string().trim().min(1).max(100).optional())
    .describe('who answers questions and complaints about personal data; the privacy notice shows them (with `GRIEVANCE_EMAIL` and `CONTACT_PHONE`)'),
  GRIEVANCE_EMAIL: z
    .preprocess(emptyAsUndefined, z.email({ error: 'expected an email address' }).optional())
    .meta({ description: 'where questions and complaints about personal data go; the privacy notice shows it', default: 'unset (`CONTACT_EMAIL`)' }),
  AFFILIATE_CODE_DISCOUNT_PERCENT: percent(10).describe("the discount an affiliate's own code gives (0–100); an admin may set another for one affiliate"),
  COMMISSION_HOLD_DAYS: z
    .preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'expected a whole number of days from 0 to 90' })
        .int('expected a whole number of days from 0 to 90')
        .min(0, 'expected a whole number of days from 0 to 90')
        .max(90, 'expected a whole number of days from 0 to 90')
        .default(7),
    )
    .describe(
      "days a new commission waits before it can be asked for or batched (0–90), so an order taken back in that time (a UTR missing from the bank statement, a gateway refund) leaves nobody owing; a flagged affiliate's commissions also wait for an admin's clearing",
    ),
  PAYOUT_DETAILS_HOLD_DAYS: z
    .preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: 'expected a whole number of days from 0 to 30' })
        .int('expected a whole number of days from 0 to 30')
        .min(0, 'expected a whole number of days from 0 to 30')
        .max(30, 'expected a whole number of days from 0 to 30')
        .default(3),
    )
    .describe(
      'days after an affiliate changes where they are paid (not their first details) during which they cannot ask for a payout and batches leave them out (0–30)',
    ),
  PAYMENT_GATEWAY: z
    .preprocess(emptyAsUndefined, z.enum(['razorpay'], { error: 'expected razorpay, or nothing (UPI with a UTR an admin checks)' }).optional())
    .describe(
      '`razorpay`: payments through Razorpay confirm themselves (see [Payments through a gateway](#payments-through-a-gateway)); unset: UPI by QR with a UTR an admin checks',
    ),
  RAZORPAY_KEY_ID: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^rzp_(test|live)_[A-Za-z0-9]{8,32}$/, "expected the key id from Razorpay's dashboard, such as rzp_live_AbCd1234EfGh56")
        .optional(),
    )
    .describe(
      "the key id (`rzp_live_…`) from Razorpay's dashboard; the three `RAZORPAY_` keys go with `PAYMENT_GATEWAY=razorpay` and none without it (a partial set stops the start naming the setting)",
    ),
  RAZORPAY_KEY_SECRET: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9]{16,64}$/, "expected the key secret from Razorpay's dashboard (16 to 64 letters and digits)")
        .optional(),
    )
    .describe("the key id's secret from Razorpay's dashboard; never repeated in a message"),
  RAZORPAY_WEBHOOK_SECRET: z
    .preprocess(
      emptyAsUndefined,
      z.string().min(12, "expected the webhook's secret as set in Razorpay's dashboard (at least 12 characters)").max(200).optional(),
    )
    .describe("the webhook's secret as set in Razorpay's dashboard; never repeated in a message"),
  QUIZ_SHOW_ANSWERS: z
    .preprocess(
      emptyAsUndefined,
      z
        .enum(['always', 'passed', 'never'], {
          error: 'expected always (after every attempt), passed (once the learner passed) or never',
        })
        .default('passed'),
    )
    .describe(
      'after a quiz attempt, the right answers and explanations are shown `always`, once the learner `passed` that quiz, or `never`; when they are not shown, the learner gets the score alone, not which questions were right',
    ),
  CERTIFICATE_SIGNER: z
    .preprocess(emptyAsUndefined, z.string().trim().min(1).max(80).optional())
    .meta({ description: "the operator's name printed under the signature on certificates", default: '`SELLER_NAME`, else `SITE_NAME`' }),
  CERTIFICATE_SIGNATURE_IMAGE: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine((file) => existsSync(file), 'expected the path of a PNG or JPEG picture of the signature that exists')
        .optional(),
    )
    .meta({
      description: 'path of a PNG or JPEG picture of the signature, re-encoded (at most 600 × 200 px) at start; a file that is not a picture stops the start',
      default: 'unset (no picture: the name on a line)',
    }),
  RAZORPAY_API_URL: z
    .preprocess(emptyAsUndefined, httpUrl.default('https://api.razorpay.com'))
    .describe("where Razorpay's API answers; only tests change it, to a fake on this machine (plain `http://` is refused elsewhere)"),
  WHATSAPP_PHONE_NUMBER_ID: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\d{5,25}$/, "expected the phone number id from the app's WhatsApp > API Setup page (digits)")
        .optional(),
    )
    .describe(
      "WhatsApp updates through Meta's Cloud API ([whatsapp.md](whatsapp.md)): the phone number id of the business number; the four `WHATSAPP_` keys (this, the token, the app secret, the verify token) go together, and a partial set stops the start naming the missing one",
    ),
  WHATSAPP_ACCESS_TOKEN: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{20,1000}$/, "expected a System User's permanent access token from Meta's Business Settings")
        .optional(),
    )
    .describe("a System User's permanent access token with `whatsapp_business_messaging`; never repeated in a message or a log"),
  WHATSAPP_APP_SECRET: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9]{16,128}$/, "expected the app secret from the app's Settings > Basic page (letters and digits)")
        .optional(),
    )
    .describe("the Meta app's secret: every webhook call is checked against it (`X-Hub-Signature-256`); never repeated in a message"),
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: z
    .preprocess(emptyAsUndefined, z.string().min(12, "expected at least 12 characters, chosen by you and typed into Meta's webhook setup").max(200).optional())
    .describe("a phrase you choose and type into the app's webhook setup, so Meta's verification call can be answered; never repeated in a message"),
  WHATSAPP_API_URL: z
    .preprocess(emptyAsUndefined, httpUrl.default('https://graph.facebook.com/v27.0'))
    .describe("the Graph API's address with its version; point it at a stand-in to try the whole flow without Meta (plain `http://` only on this machine)"),
  WHATSAPP_TEMPLATES: whatsAppTemplateNames.meta({
    description: `comma-separated \`kind=template_name\` pairs replacing the approved templates' default names (${whatsAppKinds.map((kind) => `\`${kind}=${defaultWhatsAppTemplates[kind]}\``).join(', ')})`,
    default: 'unset (the default names)',
  }),
  WHATSAPP_LANGUAGE_MR: whatsAppLanguage('mr').describe("the language code of the templates' Marathi versions, as approved"),
  WHATSAPP_LANGUAGE_EN: whatsAppLanguage('en').describe("the language code of the templates' English versions, as approved (`en`, `en_US` or `en_GB`)"),
  WHATSAPP_MESSAGE_PRICE_PAISE: whatsAppPrice.describe(
    "what Meta charges for one utility message in India, in paise (at most two decimals), for the admin's WhatsApp cost report",
  ),
});

/** The settings as the app uses them: the environment's names and units turned into the app's. */
const configSchema = envSchema
  .superRefine((e, ctx) => {
    const razorpaySettings = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
    if (e.PAYMENT_GATEWAY === 'razorpay') {
      for (const name of razorpaySettings) {
        if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'expected a value when PAYMENT_GATEWAY is razorpay' });
      }
    } else {
      const given = razorpaySettings.find((name) => e[name]);
      if (given)
        ctx.addIssue({ code: 'custom', path: ['PAYMENT_GATEWAY'], message: `expected razorpay when ${given} is set (or remove the RAZORPAY_ settings)` });
    }
    for (const name of ['RAZORPAY_API_URL', 'WHATSAPP_API_URL'] as const) {
      const apiUrl = new URL(e[name]);
      if (apiUrl.protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(apiUrl.hostname)) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'expected an https:// address (plain http only on this machine, for tests)' });
      }
    }
    const whatsAppSettings = ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_WEBHOOK_VERIFY_TOKEN'] as const;
    const whatsAppGiven = whatsAppSettings.find((name) => e[name]);
    if (whatsAppGiven) {
      for (const name of whatsAppSettings) {
        if (!e[name])
          ctx.addIssue({ code: 'custom', path: [name], message: `expected a value when ${whatsAppGiven} is set (the four WHATSAPP_ keys go together)` });
      }
    }
    if (e.GSTIN && !e.SELLER_STATE) {
      ctx.addIssue({ code: 'custom', path: ['SELLER_STATE'], message: 'expected the two-digit GST state code when GSTIN is set' });
    } else if (e.GSTIN && e.SELLER_STATE && !e.GSTIN.startsWith(e.SELLER_STATE)) {
      ctx.addIssue({ code: 'custom', path: ['SELLER_STATE'], message: `expected ${e.GSTIN.slice(0, 2)}, the state code the GSTIN starts with` });
    }
  })
  .transform((e) => ({
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir: path.resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@localhost>`,
    siteName: e.SITE_NAME,
    upiId: e.UPI_ID,
    upiPayeeName: e.UPI_PAYEE_NAME ?? e.SITE_NAME,
    commissionPercent: e.COMMISSION_PERCENT,
    contactEmail: e.CONTACT_EMAIL,
    contactPhone: e.CONTACT_PHONE,
    trustProxy: e.TRUST_PROXY,
    /** Devices a learner may be logged in on at once; 0 means no limit. Admins are exempt. */
    maxDevicesPerLearner: e.MAX_DEVICES_PER_LEARNER,
    /** Payouts: the least an affiliate may request, in paise. */
    payoutMinimumPaise: e.PAYOUT_MINIMUM_RUPEES,
    /** Payouts: the days a payout usually takes from the request to the affiliate's account, as they are told. */
    payoutUsualDays: e.PAYOUT_USUAL_DAYS,
    /** TDS on commission payouts; rates in hundredths of a percent (200 = 2%), threshold in paise. */
    tds: {
      enabled: e.TDS_ENABLED,
      rateBp: Math.round(e.TDS_RATE_PERCENT * 100),
      noPanRateBp: Math.round(e.TDS_NO_PAN_RATE_PERCENT * 100),
      thresholdPaise: e.TDS_THRESHOLD_RUPEES,
    },
    logLevel: e.LOG_LEVEL,
    /** Who checkpoints the WAL: the server's worker, or Litestream when it replicates the database (db/background-checkpoints.ts). */
    walCheckpoints: e.WAL_CHECKPOINTS,
    /** Origins allowed to call the REST API cross-origin (exact, no `*`); empty: none. */
    corsOrigins: e.CORS_ORIGINS,
    /** Merchant category code (mc) of a business UPI id; unset for a personal one. */
    upiMerchantCode: e.UPI_MERCHANT_CODE,
    /** Hours learners are told checking a payment usually takes. */
    approvalHoursHint: e.APPROVAL_HOURS_HINT,
    /** The language of a visitor who has chosen none (and of share links unless the sharer picks another). */
    defaultLanguage: e.DEFAULT_LANGUAGE,
    receiptPrefix: e.RECEIPT_PREFIX,
    sellerName: e.SELLER_NAME ?? e.SITE_NAME,
    sellerAddress: e.SELLER_ADDRESS,
    /** Set together: receipts become tax invoices. */
    gst: e.GSTIN && e.SELLER_STATE ? { gstin: e.GSTIN, sellerState: e.SELLER_STATE as string, rateBp: Math.round(e.GST_RATE_PERCENT * 100) } : null,
    /** The key that encrypts PANs and bank account numbers at rest (unset: the key file in DATA_DIR), and earlier keys that still read. */
    dataEncryption: {
      key: e.DATA_ENCRYPTION_KEY ? parseDataKey(e.DATA_ENCRYPTION_KEY) : null,
      oldKeys: (e.DATA_ENCRYPTION_OLD_KEYS?.split(',') ?? []).map((key) => parseDataKey(key)!),
    },
    /** Who answers questions and complaints about personal data (DPDP Rules): the privacy notice shows them. */
    grievance: { officer: e.GRIEVANCE_OFFICER ?? null, email: e.GRIEVANCE_EMAIL ?? e.CONTACT_EMAIL ?? null, phone: e.CONTACT_PHONE ?? null },
    /** The discount of an affiliate's own code when the admin set none for that affiliate, in hundredths of a percent. */
    affiliateCodeDiscountBp: Math.round(e.AFFILIATE_CODE_DISCOUNT_PERCENT * 100),
    /** Days a commission waits before it can be asked for (a reversal inside them never leaves a debt). */
    commissionHoldDays: e.COMMISSION_HOLD_DAYS,
    payoutDetailsHoldDays: e.PAYOUT_DETAILS_HOLD_DAYS,
    /** After a quiz attempt, whether the right answers (and explanations) are shown: always, once passed, or never. */
    quizShowAnswers: e.QUIZ_SHOW_ANSWERS,
    /** Who signs certificates (the operator's name) and the picture of their signature (a file, re-encoded when first used), if any. */
    certificate: {
      signer: e.CERTIFICATE_SIGNER ?? e.SELLER_NAME ?? e.SITE_NAME,
      signatureImage: e.CERTIFICATE_SIGNATURE_IMAGE ? path.resolve(e.CERTIFICATE_SIGNATURE_IMAGE) : null,
    },
    /** A payment gateway that confirms payments by itself (features/payments), or none: UPI with a UTR an admin checks. */
    gateway:
      e.PAYMENT_GATEWAY === 'razorpay'
        ? {
            provider: 'razorpay' as const,
            keyId: e.RAZORPAY_KEY_ID as string,
            keySecret: e.RAZORPAY_KEY_SECRET as string,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET as string,
            apiUrl: e.RAZORPAY_API_URL,
          }
        : null,
    /** WhatsApp updates through Meta's Cloud API (features/whatsapp), or none: email only. */
    whatsapp: e.WHATSAPP_PHONE_NUMBER_ID
      ? {
          phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
          accessToken: e.WHATSAPP_ACCESS_TOKEN as string,
          appSecret: e.WHATSAPP_APP_SECRET as string,
          verifyToken: e.WHATSAPP_WEBHOOK_VERIFY_TOKEN as string,
          apiUrl: e.WHATSAPP_API_URL,
          templates: e.WHATSAPP_TEMPLATES,
          languages: { mr: e.WHATSAPP_LANGUAGE_MR, en: e.WHATSAPP_LANGUAGE_EN },
          /** Hundredths of a paisa per message (1150 = 11.5 paise). */
          messagePriceCentipaise: e.WHATSAPP_MESSAGE_PRICE_PAISE,
        }
      : null,
  }));

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The settings are not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads `.env` (if present) under the real environment: a variable set in the environment wins. */
export function readEnvironment(cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): Record<string, string | undefined> {
  const envFile = path.join(cwd, '.env');
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
  return { ...fromFile, ...env };
}

/** Settings whose values hold a password or a key: a message about them never repeats the value. */
const secretSettings = new Set([
  'SMTP_URL',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'DATA_ENCRYPTION_KEY',
  'DATA_ENCRYPTION_OLD_KEYS',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_WEBHOOK_VERIFY_TOKEN',
]);

export function loadConfig(env: Record<string, string | undefined> = readEnvironment()): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'settings');
      const got = env[name];
      if (secretSettings.has(name)) return `${name}: ${issue.message}`;
      return `${name}: ${issue.message}${got === undefined || got === '' ? '' : ` (got "${got}")`}`;
    });
    throw new ConfigError(problems);
  }
  return parsed.data;
}
