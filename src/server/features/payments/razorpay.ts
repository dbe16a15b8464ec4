/**
 * Razorpay (https://razorpay.com/docs/api/): orders, payments of an order, capture and refund over
 * its REST API with HTTP basic auth of the key id and secret, and its two signatures, both
 * HMAC-SHA256 in hex: the checkout's over `order_id|payment_id` with the key secret, and the
 * webhook's over the raw request body with the webhook secret (header X-Razorpay-Signature). The
 * X-Razorpay-Event-Id header is outside the signature, so an event is known by its signed body:
 * its name and the payment or refund it concerns.
 *
 * The official Node SDK (razorpay on npm) fixes its API address to api.razorpay.com, so the tests'
 * local fake could not stand in for it, and it brings axios for five calls; these are the same
 * documented calls with fetch, and the signatures with node:crypto (docs/decisions/023-no-razorpay-sdk.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import { GatewayUnavailableError, type GatewayEvent, type GatewayPayment, type PaymentGateway } from '../../lib/payment-gateway.js';

type RazorpayConfig = NonNullable<Config['gateway']>;

/** A call that takes longer than this is given up: the reconcile job asks again later. */
const CALL_TIMEOUT_MS = 15_000;

function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Compares two hex signatures in constant time. */
function sameSignature(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

type RazorpayPaymentEntity = {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: string;
  amount_refunded?: number;
};

const statuses = new Set(['created', 'authorized', 'captured', 'refunded', 'failed']);

function toPayment(entity: RazorpayPaymentEntity): GatewayPayment {
  return {
    id: entity.id,
    gatewayOrderId: entity.order_id ?? null,
    amountPaise: entity.amount,
    currency: entity.currency,
    status: (statuses.has(entity.status) ? entity.status : 'failed') as GatewayPayment['status'],
    refundedPaise: entity.amount_refunded ?? 0,
  };
}

function oneHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function razorpayGateway(config: RazorpayConfig): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}/v1${path}`, {
        method,
        headers: { authorization, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        redirect: 'error',
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayUnavailableError(`Razorpay did not answer ${method} ${path}`, { cause: error });
    }
    const text = await response.text();
    if (!response.ok) throw new GatewayUnavailableError(`Razorpay answered ${response.status} to ${method} ${path}: ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new GatewayUnavailableError(`Razorpay's answer to ${method} ${path} is not JSON`, { cause: error });
    }
  }

  return {
    provider: 'razorpay',
    keyId: config.keyId,
    checkoutScript: 'https://checkout.razorpay.com/v1/checkout.js',
    checkoutOrigins: {
      script: ['https://checkout.razorpay.com'],
      frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
      connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
      img: ['https://cdn.razorpay.com'],
    },

    async createOrder({ receipt, amountPaise, notes }) {
      const order = await call<{ id: string; amount: number; currency: string }>('POST', '/orders', { amount: amountPaise, currency: 'INR', receipt, notes });
      return { id: order.id, amountPaise: order.amount, currency: order.currency };
    },

    async paymentsOfOrder(gatewayOrderId) {
      const list = await call<{ items: RazorpayPaymentEntity[] }>('GET', `/orders/${encodeURIComponent(gatewayOrderId)}/payments`);
      return list.items.map(toPayment);
    },

    async capture(payment) {
      const captured = await call<RazorpayPaymentEntity>('POST', `/payments/${encodeURIComponent(payment.id)}/capture`, {
        amount: payment.amountPaise,
        currency: payment.currency,
      });
      return toPayment(captured);
    },

    async refund(paymentId, amountPaise) {
      const refund = await call<{ id: string }>('POST', `/payments/${encodeURIComponent(paymentId)}/refund`, { amount: amountPaise });
      return { id: refund.id };
    },

    checkoutSignatureIsValid({ gatewayOrderId, paymentId, signature }) {
      return sameSignature(hmacHex(config.keySecret, `${gatewayOrderId}|${paymentId}`), signature);
    },

    readWebhook(rawBody, headers): GatewayEvent | null {
      const signature = oneHeader(headers['x-razorpay-signature']);
      if (!signature || !sameSignature(hmacHex(config.webhookSecret, rawBody), signature)) return null;
      let body: {
        event?: unknown;
        payload?: {
          payment?: { entity?: RazorpayPaymentEntity };
          order?: { entity?: { id?: string } };
          refund?: { entity?: { id?: string; payment_id?: string } };
        };
      };
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      if (typeof body.event !== 'string') return null;
      const payment = body.payload?.payment?.entity;
      const event = body.event.slice(0, 60);
      const gatewayPaymentId = payment?.id ?? body.payload?.refund?.entity?.payment_id ?? null;
      // The signed identity: a refund's own id (a payment may be refunded in parts), else the payment's;
      // an event naming neither is known by its body's hash.
      const subject = body.payload?.refund?.entity?.id ?? gatewayPaymentId ?? `body-${hmacHex('event', rawBody).slice(0, 32)}`;
      return {
        eventId: `${event}:${subject}`.slice(0, 100),
        event,
        gatewayOrderId: payment?.order_id ?? body.payload?.order?.entity?.id ?? null,
        gatewayPaymentId,
      };
    },
  };
}
