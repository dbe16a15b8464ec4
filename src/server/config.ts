import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { GSTIN_PATTERN, gstinProblem } from '../shared/gstin.js';
import { stateCodes } from '../shared/indian-states.js';
import { parseRupees } from '../shared/money.js';
import { percentage } from '../shared/schemas.js';
import { parseDataKey } from './lib/data-crypto.js';

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
  return z.preprocess(
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
  );
}

/** A percentage from 0 to 100, at most two decimals. */
function percent(fallback: number) {
  return z.preprocess(
    emptyAsUndefined,
    percentage(0, { invalid: 'expected a number from 0 to 100', decimals: 'expected at most two decimals' }).default(fallback),
  );
}

const envSchema = z.object({
  PORT: port,
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// address' }).optional()),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
  SITE_NAME: z.preprocess(emptyAsUndefined, z.string().min(1).max(60).default('Marathi Success')),
  UPI_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/, 'expected a UPI id such as name@bank')
      .optional(),
  ),
  UPI_PAYEE_NAME: z.preprocess(emptyAsUndefined, z.string().min(1).max(60).optional()),
  COMMISSION_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'expected a number from 0 to 100' })
      .min(0, 'expected a number from 0 to 100')
      .max(100, 'expected a number from 0 to 100')
      .default(10),
  ),
  CONTACT_EMAIL: z.preprocess(emptyAsUndefined, z.email({ error: 'expected an email address' }).optional()),
  CONTACT_PHONE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\+?[0-9 -]{6,20}$/, 'expected a phone number such as +91 98765 43210')
      .optional(),
  ),
  TRUST_PROXY: trustProxy,
  CORS_ORIGINS: corsOrigins,
  MAX_DEVICES_PER_LEARNER: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'expected a whole number from 0 (no limit) to 100' })
      .int('expected a whole number from 0 (no limit) to 100')
      .min(0, 'expected a whole number from 0 (no limit) to 100')
      .max(100, 'expected a whole number from 0 (no limit) to 100')
      .default(2),
  ),
  UPI_MERCHANT_CODE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{4}$/, 'expected the 4-digit merchant category code (MCC) of a business UPI id')
      .optional(),
  ),
  APPROVAL_HOURS_HINT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'expected a whole number of hours from 1 to 720' })
      .int('expected a whole number of hours from 1 to 720')
      .min(1, 'expected a whole number of hours from 1 to 720')
      .max(720, 'expected a whole number of hours from 1 to 720')
      .default(24),
  ),
  RECEIPT_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/, 'expected 1 to 3 capital letters or digits, such as MS')
      .default('MS'),
  ),
  SELLER_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(100).optional()),
  SELLER_ADDRESS: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(300).optional()),
  GSTIN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(GSTIN_PATTERN, 'expected a 15-character GSTIN such as 27AAPFU0939F1ZV')
      .refine((gstin) => gstinProblem(gstin) !== 'GSTIN_CHECK_FAILED', {
        message: 'its last character (the check character) does not match the first 14: check the GSTIN for a typing mistake',
      })
      .optional(),
  ),
  SELLER_STATE: z.preprocess(emptyAsUndefined, z.enum(stateCodes, { error: 'expected the two-digit GST state code, such as 27 for Maharashtra' }).optional()),
  GST_RATE_PERCENT: z.preprocess(
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
  ),
  PAYOUT_MINIMUM_RUPEES: wholeRupees(500),
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
    .describe('How many days a payout usually takes from the request to the money arriving; affiliates are told it after they ask.'),
  TDS_ENABLED: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false', '1', '0'], { error: 'expected true or false' })
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
  ),
  TDS_RATE_PERCENT: percent(2),
  TDS_THRESHOLD_RUPEES: wholeRupees(20000),
  TDS_NO_PAN_RATE_PERCENT: percent(20),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  WAL_CHECKPOINTS: z
    .preprocess(emptyAsUndefined, z.enum(['app', 'litestream'], { error: 'expected app or litestream' }).default('app'))
    .describe(
      'Who checkpoints the SQLite WAL: app (the server, in a worker thread) or litestream (Litestream replicates the database and checkpoints it; the server then leaves the WAL alone).',
    ),
  DATA_ENCRYPTION_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((text) => parseDataKey(text) !== null, 'expected 32 random bytes as base64 (openssl rand -base64 32) or 64 hex digits')
      .optional(),
  ),
  DATA_ENCRYPTION_OLD_KEYS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (text) => text.split(',').every((key) => parseDataKey(key) !== null),
        'expected earlier keys, comma-separated, each as DATA_ENCRYPTION_KEY is written',
      )
      .optional(),
  ),
  GRIEVANCE_OFFICER: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(100).optional()),
  GRIEVANCE_EMAIL: z.preprocess(emptyAsUndefined, z.email({ error: 'expected an email address' }).optional()),
  AFFILIATE_CODE_DISCOUNT_PERCENT: percent(10),
  COMMISSION_HOLD_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'expected a whole number of days from 0 to 90' })
      .int('expected a whole number of days from 0 to 90')
      .min(0, 'expected a whole number of days from 0 to 90')
      .max(90, 'expected a whole number of days from 0 to 90')
      .default(7)
      .describe('Days a new commission waits before it can be asked for or batched (0 to 90), so an order taken back in that time leaves nobody owing.'),
  ),
  PAYMENT_GATEWAY: z.preprocess(emptyAsUndefined, z.enum(['razorpay'], { error: 'expected razorpay, or nothing (UPI with a UTR an admin checks)' }).optional()),
  RAZORPAY_KEY_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rzp_(test|live)_[A-Za-z0-9]{8,32}$/, "expected the key id from Razorpay's dashboard, such as rzp_live_AbCd1234EfGh56")
      .optional(),
  ),
  RAZORPAY_KEY_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9]{16,64}$/, "expected the key secret from Razorpay's dashboard (16 to 64 letters and digits)")
      .optional(),
  ),
  RAZORPAY_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(12, "expected the webhook's secret as set in Razorpay's dashboard (at least 12 characters)").max(200).optional(),
  ),
  QUIZ_SHOW_ANSWERS: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['always', 'passed', 'never'], {
        error: 'expected always (after every attempt), passed (once the learner passed) or never',
      })
      .default('passed'),
  ),
  CERTIFICATE_SIGNER: z.preprocess(emptyAsUndefined, z.string().trim().min(1).max(80).optional()),
  CERTIFICATE_SIGNATURE_IMAGE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((file) => existsSync(file), 'expected the path of a PNG or JPEG picture of the signature that exists')
      .optional(),
  ),
  /** Only tests change it: where the gateway's API answers (a local fake). */
  RAZORPAY_API_URL: z.preprocess(emptyAsUndefined, httpUrl.default('https://api.razorpay.com')),
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
    const apiUrl = new URL(e.RAZORPAY_API_URL);
    if (apiUrl.protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(apiUrl.hostname)) {
      ctx.addIssue({ code: 'custom', path: ['RAZORPAY_API_URL'], message: 'expected an https:// address (plain http only on this machine, for tests)' });
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
const secretSettings = new Set(['SMTP_URL', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'DATA_ENCRYPTION_KEY', 'DATA_ENCRYPTION_OLD_KEYS']);

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
