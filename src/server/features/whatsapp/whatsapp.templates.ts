import { z } from 'zod';
import { formatRupees } from '../../../shared/money.js';
import type { WhatsAppKind } from '../../../shared/domain.js';
import type { WhatsAppPayloads } from '../../lib/notification-channel.js';

/**
 * What each template's body placeholders ({{1}}, {{2}}, …) are filled with, in order. The texts
 * approved at Meta (docs/whatsapp.md) use the same numbers; amounts are worded as ₹1,00,000.
 */
const payloadSchemas = {
  'payment-received': z.object({ orderId: z.string(), packageName: z.string(), amountPaise: z.number().int() }),
  'order-approved': z.object({ orderId: z.string(), packageName: z.string() }),
  'order-rejected': z.object({ orderId: z.string(), packageName: z.string(), reason: z.string() }),
  'payout-paid': z.object({ grossPaise: z.number().int(), tdsPaise: z.number().int(), netPaise: z.number().int() }),
  'lecture-opened': z.object({ packageName: z.string(), lectureTitle: z.string() }),
  'certificate-issued': z.object({ packageName: z.string(), certificateNumber: z.string(), verifyUrl: z.string() }),
  'difference-asked': z.object({ orderId: z.string(), packageName: z.string(), receivedPaise: z.number().int(), remainderPaise: z.number().int() }),
  'parts-refund-due': z.object({ orderId: z.string(), packageName: z.string(), amountPaise: z.number().int() }),
  'parts-refunded': z.object({ orderId: z.string(), packageName: z.string(), amountPaise: z.number().int() }),
} satisfies { [K in WhatsAppKind]: z.ZodType<WhatsAppPayloads[K]> };

const bodyParameters: { [K in WhatsAppKind]: (payload: WhatsAppPayloads[K]) => string[] } = {
  'payment-received': (p) => [p.packageName, formatRupees(p.amountPaise), p.orderId],
  'order-approved': (p) => [p.packageName, p.orderId],
  'order-rejected': (p) => [p.packageName, p.orderId, p.reason],
  'payout-paid': (p) => [formatRupees(p.grossPaise), formatRupees(p.tdsPaise), formatRupees(p.netPaise)],
  'lecture-opened': (p) => [p.lectureTitle, p.packageName],
  'certificate-issued': (p) => [p.packageName, p.certificateNumber, p.verifyUrl],
  'difference-asked': (p) => [p.packageName, p.orderId, formatRupees(p.receivedPaise), formatRupees(p.remainderPaise)],
  'parts-refund-due': (p) => [p.packageName, p.orderId, formatRupees(p.amountPaise)],
  'parts-refunded': (p) => [formatRupees(p.amountPaise), p.packageName, p.orderId],
};

/** Meta refuses a text parameter with a new line, a tab or more than four spaces in a row; long ones are cut. */
function parameterText(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat || '-';
}

export function isWhatsAppKind(kind: string): kind is WhatsAppKind {
  return Object.hasOwn(payloadSchemas, kind);
}

/** The body's parameters for a kind and its payload, or null when the payload is not what the kind needs. */
export function templateParameters(kind: WhatsAppKind, payload: unknown): string[] | null {
  const parsed = payloadSchemas[kind].safeParse(payload);
  if (!parsed.success) return null;
  return (bodyParameters[kind] as (p: unknown) => string[])(parsed.data).map(parameterText);
}
