import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { Language } from '../../shared/domain.js';
import { validationMessages } from '../../shared/validation-messages.js';

export type Localized = { en: string; mr: string };

type TrpcCode = TRPCError['code'];

/**
 * An error a person can act on: a stable code for clients, a tRPC code that fixes the HTTP
 * status, and the message in both languages. Extends TRPCError so tRPC passes it through as is.
 */
export class AppError extends TRPCError {
  readonly appCode: string;
  readonly text: Localized;
  readonly retryAfterSeconds: number | undefined;
  /** What the client needs to act on this error (such as the devices to choose from), sent as is. */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    appCode: string,
    code: TrpcCode,
    text: Localized,
    options: { retryAfterSeconds?: number; cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super({ code, message: text.en, cause: options.cause });
    this.appCode = appCode;
    this.text = text;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}

/**
 * The server is short of a scarce resource (password hashing, picture decoding) and has a queue
 * that is full: the person is told to come back in a few seconds (429 with Retry-After).
 */
export function serverBusy(): AppError {
  return new AppError(
    'BUSY',
    'TOO_MANY_REQUESTS',
    {
      en: 'The server is busy right now. Please try again in a moment.',
      mr: 'सर्व्हर सध्या व्यस्त आहे. कृपया थोड्या वेळाने पुन्हा प्रयत्न करा.',
    },
    { retryAfterSeconds: 5 },
  );
}

/**
 * One entry of an error catalog (`*.errors.json`): the tRPC code that fixes the HTTP status, and
 * the message in both languages. Texts are data, kept beside the feature as translations are.
 */
type ErrorEntry = { status: string; en: string; mr: string };

const trpcCodes = new Set<string>(Object.keys(TRPC_ERROR_CODES_BY_KEY));

/** Every code declared through `defineErrors`, with its text: read by the test that holds each code declared once. */
const declared: { code: string; text: Localized }[] = [];
export const declaredErrors: readonly { code: string; text: Localized }[] = declared;

/**
 * Declares a feature's errors once, from its catalog: `import catalog from './x.errors.json' with
 * { type: 'json' }; const errors = defineErrors(catalog)`. The catalog's keys are the codes, so
 * `errors.TAKEN()` is typed and a misspelt code fails the typecheck; a status that is no tRPC code
 * fails at start.
 */
export function defineErrors<K extends string>(catalog: Record<K, ErrorEntry>) {
  const out = {} as Record<K, () => AppError>;
  for (const key of Object.keys(catalog) as K[]) {
    const { status, en, mr } = catalog[key];
    if (!trpcCodes.has(status)) throw new Error(`Error ${key}: "${status}" is not a tRPC error code.`);
    const text = { en, mr };
    declared.push({ code: key, text });
    out[key] = () => new AppError(key, status as TrpcCode, text);
  }
  return out;
}

const genericText: Partial<Record<TrpcCode, Localized & { appCode: string }>> = {
  BAD_REQUEST: {
    appCode: 'BAD_INPUT',
    en: 'The request is not valid. Please check what you entered.',
    mr: 'विनंती वैध नाही. कृपया भरलेली माहिती तपासा.',
  },
  PARSE_ERROR: {
    appCode: 'BAD_INPUT',
    en: 'The request could not be read. Please check what you sent.',
    mr: 'विनंती वाचता आली नाही. कृपया पाठवलेली माहिती तपासा.',
  },
  UNAUTHORIZED: {
    appCode: 'UNAUTHORIZED',
    en: 'Please log in to continue.',
    mr: 'पुढे जाण्यासाठी कृपया लॉग इन करा.',
  },
  FORBIDDEN: {
    appCode: 'FORBIDDEN',
    en: 'You are not allowed to do this.',
    mr: 'हे करण्याची परवानगी तुम्हाला नाही.',
  },
  NOT_FOUND: { appCode: 'NOT_FOUND', en: 'Not found.', mr: 'सापडले नाही.' },
  METHOD_NOT_SUPPORTED: {
    appCode: 'METHOD_NOT_SUPPORTED',
    en: 'This method is not supported here.',
    mr: 'येथे ही पद्धत चालत नाही.',
  },
  CONFLICT: {
    appCode: 'CONFLICT',
    en: 'This conflicts with something that already exists.',
    mr: 'हे आधीपासून असलेल्या माहितीशी जुळत नाही.',
  },
  PAYLOAD_TOO_LARGE: {
    appCode: 'TOO_LARGE',
    en: 'What you sent is too large.',
    mr: 'तुम्ही पाठवलेली माहिती खूप मोठी आहे.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    appCode: 'UNSUPPORTED_MEDIA_TYPE',
    en: 'This kind of content is not accepted here.',
    mr: 'या प्रकारची माहिती येथे स्वीकारली जात नाही.',
  },
  TOO_MANY_REQUESTS: {
    appCode: 'TOO_MANY_REQUESTS',
    en: 'Too many attempts. Please wait a little and try again.',
    mr: 'खूप जास्त प्रयत्न झाले. कृपया थोडा वेळ थांबून पुन्हा प्रयत्न करा.',
  },
  INTERNAL_SERVER_ERROR: {
    appCode: 'INTERNAL',
    en: 'Something went wrong on our side. Please try again.',
    mr: 'आमच्याकडून काहीतरी चूक झाली. कृपया पुन्हा प्रयत्न करा.',
  },
};

export type DescribedError = {
  status: number;
  code: string;
  message: string;
  retryAfterSeconds?: number;
  /** Per-field messages for bad input, so forms can point at the field. */
  fields?: Record<string, string>;
  /** An AppError's details, for the client to act on. */
  details?: Record<string, unknown>;
};

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

function issuesOf(cause: unknown): Issue[] | null {
  if (cause && typeof cause === 'object' && 'issues' in cause && Array.isArray((cause as { issues: unknown }).issues)) {
    return (cause as { issues: Issue[] }).issues;
  }
  return null;
}

function fieldName(issue: Issue): string {
  return (issue.path ?? []).map((part) => (typeof part === 'object' && part !== null ? String(part.key) : String(part))).join('.');
}

/** A validation issue's message is a key of the shared catalogue when the schema set one. */
function issueText(issue: Issue, lang: Language): string {
  const known = validationMessages[issue.message as keyof typeof validationMessages];
  if (known) return known[lang];
  const field = fieldName(issue);
  if (lang === 'mr') return field ? `कृपया "${field}" तपासा.` : 'कृपया भरलेली माहिती तपासा.';
  return field ? `Please check "${field}": ${issue.message}` : `Please check what you entered: ${issue.message}`;
}

/** One mapping from any error to what a client sees, shared by tRPC and the REST adapters. */
export function describeError(error: unknown, lang: Language): DescribedError {
  const trpcError = error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
  const status = getHTTPStatusCodeFromError(trpcError);

  if (trpcError instanceof AppError) {
    return {
      status,
      code: trpcError.appCode,
      message: trpcError.text[lang],
      ...(trpcError.retryAfterSeconds !== undefined && { retryAfterSeconds: trpcError.retryAfterSeconds }),
      ...(trpcError.details && { details: trpcError.details }),
    };
  }

  const issues = trpcError.code === 'BAD_REQUEST' ? issuesOf(trpcError.cause) : null;
  if (issues && issues.length > 0) {
    const fields: Record<string, string> = {};
    for (const issue of issues) {
      const name = fieldName(issue) || '_';
      fields[name] ??= issueText(issue, lang);
    }
    return { status: 400, code: 'BAD_INPUT', message: issueText(issues[0]!, lang), fields };
  }

  const generic = genericText[trpcError.code] ?? genericText.INTERNAL_SERVER_ERROR!;
  return { status: Math.min(status, 500), code: generic.appCode, message: generic[lang] };
}

export function isServerFault(error: unknown): boolean {
  return !(error instanceof TRPCError) || getHTTPStatusCodeFromError(error) >= 500;
}

/** Messages by code, for an outcome kept as its code and shown later in the reader's language. */
export type ErrorTexts = Record<string, Localized>;

/** The texts of these declared errors, by code: `errorTexts(orderErrors.ORDER_DECIDED, …)`. */
export function errorTexts(...declared: (() => AppError)[]): ErrorTexts {
  const out: ErrorTexts = {};
  for (const make of declared) {
    const error = make();
    out[error.appCode] = error.text;
  }
  return out;
}

/**
 * The code to keep for an error: its own when `known` holds its text, else the generic code of
 * its kind (CONFLICT, NOT_FOUND…; INTERNAL for a fault), whose text is always known.
 */
export function keptCodeOf(error: unknown, known: ErrorTexts): string {
  if (error instanceof AppError && known[error.appCode]) return error.appCode;
  const code = error instanceof TRPCError ? error.code : 'INTERNAL_SERVER_ERROR';
  return (genericText[code] ?? genericText.INTERNAL_SERVER_ERROR!).appCode;
}

/** A kept code's message in `lang`: from `known`, else the generic message of that code. */
export function messageOfCode(code: string, lang: Language, known: ErrorTexts): string {
  const text = known[code] ?? Object.values(genericText).find((generic) => generic.appCode === code) ?? genericText.INTERNAL_SERVER_ERROR!;
  return text[lang];
}
