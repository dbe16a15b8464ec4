import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';

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

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'expected an http:// or https:// address' })
  .transform((url) => url.replace(/\/+$/, ''));

/**
 * TRUST_PROXY follows Fastify's trustProxy option: "false" (default), "true" (trust every hop),
 * a hop count, or a comma-separated list of proxy addresses/CIDRs.
 */
const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .default('false')
    .transform((raw, ctx): boolean | number | string[] => {
      const value = raw.trim().toLowerCase();
      if (value === 'false' || value === '0') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value.split(',').map((part) => part.trim()).filter(Boolean);
      if (list.length > 0 && list.every((part) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(part))) return list;
      ctx.addIssue({ code: 'custom', message: 'expected true, false, a hop count or a list of proxy addresses' });
      return z.NEVER;
    }),
);

/** A whole number of rupees, 0 or more. */
function wholeRupees(fallback: number) {
  return z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'expected a whole number of rupees' })
      .int('expected a whole number of rupees')
      .min(0, 'expected a whole number of rupees')
      .max(1_00_00_000, 'expected at most 10000000 rupees')
      .default(fallback),
  );
}

/** A percentage from 0 to 100, at most two decimals. */
function percent(fallback: number) {
  return z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'expected a number from 0 to 100' })
      .min(0, 'expected a number from 0 to 100')
      .max(100, 'expected a number from 0 to 100')
      .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'expected at most two decimals')
      .default(fallback),
  );
}

const envSchema = z.object({
  PORT: port,
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// address' }).optional(),
  ),
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
    z.string().regex(/^\+?[0-9 -]{6,20}$/, 'expected a phone number such as +91 98765 43210').optional(),
  ),
  TRUST_PROXY: trustProxy,
  PAYOUT_MINIMUM_RUPEES: wholeRupees(500),
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
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  siteName: string;
  upiId: string | undefined;
  upiPayeeName: string;
  commissionPercent: number;
  contactEmail: string | undefined;
  contactPhone: string | undefined;
  trustProxy: boolean | number | string[];
  /** Payouts: the least an affiliate may request, in paise. */
  payoutMinimumPaise: number;
  /** TDS on commission payouts; rates in hundredths of a percent (200 = 2%), threshold in paise. */
  tds: { enabled: boolean; rateBp: number; noPanRateBp: number; thresholdPaise: number };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
};

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

export function loadConfig(env: Record<string, string | undefined> = readEnvironment()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'settings');
      const got = env[name];
      return `${name}: ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  return {
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
    payoutMinimumPaise: e.PAYOUT_MINIMUM_RUPEES * 100,
    tds: {
      enabled: e.TDS_ENABLED,
      rateBp: Math.round(e.TDS_RATE_PERCENT * 100),
      noPanRateBp: Math.round(e.TDS_NO_PAN_RATE_PERCENT * 100),
      thresholdPaise: e.TDS_THRESHOLD_RUPEES * 100,
    },
    logLevel: e.LOG_LEVEL,
  };
}
