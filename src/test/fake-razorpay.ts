/**
 * A local stand-in for the few Razorpay API calls the app makes (create an order, list an order's
 * payments, capture, refund), with basic auth, and the learner's side of a payment: paying an
 * order (as the checkout would, answering the checkout's signature), refunding on the dashboard,
 * and the webhooks the gateway would send, signed by the documented scheme (HMAC-SHA256 of the
 * raw body with the webhook secret, hex, in X-Razorpay-Signature; the event's id in
 * X-Razorpay-Event-Id).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const fakeKeys = {
  keyId: 'rzp_test_FakeKey1234567A',
  keySecret: 'FakeSecretFakeSecret1234',
  webhookSecret: 'fake-webhook-secret-0123',
};

/** The settings that point the app at a fake gateway. */
export function gatewayEnv(apiUrl: string): Record<string, string> {
  return {
    PAYMENT_GATEWAY: 'razorpay',
    RAZORPAY_KEY_ID: fakeKeys.keyId,
    RAZORPAY_KEY_SECRET: fakeKeys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fakeKeys.webhookSecret,
    RAZORPAY_API_URL: apiUrl,
  };
}

type FakeOrder = { id: string; amount: number; currency: string; receipt: string; notes: Record<string, string>; status: string; created_at: number };
type FakePayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: 'upi';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  vpa: string;
  created_at: number;
};

const hmac = (secret: string, message: string | Buffer) => createHmac('sha256', secret).update(message).digest('hex');
const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex').slice(0, 14)}`;

export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;

export async function startFakeRazorpay() {
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds: { id: string; payment_id: string; amount: number }[] = [];
  const calls: string[] = [];
  /** While set, every API call answers 503 (the gateway is down). */
  let down = false;
  /** Gateway orders whose payments the API answers with an error (as Razorpay does for an id it no longer knows). */
  const failingOrders = new Set<string>();
  const expectedAuth = `Basic ${Buffer.from(`${fakeKeys.keyId}:${fakeKeys.keySecret}`).toString('base64')}`;

  function refund(payment: FakePayment, amount: number) {
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    const made = { id: newId('rfnd'), entity: 'refund', payment_id: payment.id, amount, currency: 'INR', status: 'processed' as const };
    refunds.push(made);
    return made;
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString()) : {};
    const url = request.url ?? '';
    calls.push(`${request.method} ${url}`);
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (down) return send(503, { error: { code: 'SERVER_ERROR', description: 'down' } });
    if (request.headers.authorization !== expectedAuth) return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });

    if (request.method === 'POST' && url === '/v1/orders') {
      if (!Number.isInteger(body.amount) || body.amount < 100 || body.currency !== 'INR') return send(400, { error: { code: 'BAD_REQUEST_ERROR' } });
      const order: FakeOrder = {
        id: newId('order'),
        amount: body.amount,
        currency: body.currency,
        receipt: body.receipt,
        notes: body.notes ?? {},
        status: 'created',
        created_at: Math.floor(Date.now() / 1000),
      };
      orders.set(order.id, order);
      return send(200, { ...order, entity: 'order', amount_paid: 0, amount_due: order.amount, attempts: 0 });
    }
    const orderPayments = url.match(/^\/v1\/orders\/([^/]+)\/payments$/);
    if (request.method === 'GET' && orderPayments) {
      if (failingOrders.has(orderPayments[1]!)) return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
      if (!orders.has(orderPayments[1]!)) return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
      const items = [...payments.values()].filter((payment) => payment.order_id === orderPayments[1]);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    const capture = url.match(/^\/v1\/payments\/([^/]+)\/capture$/);
    if (request.method === 'POST' && capture) {
      const payment = payments.get(capture[1]!);
      if (payment?.status !== 'authorized' || body.amount !== payment.amount) return send(400, { error: { code: 'BAD_REQUEST_ERROR' } });
      payment.status = 'captured';
      payment.captured = true;
      return send(200, payment);
    }
    const refundCall = url.match(/^\/v1\/payments\/([^/]+)\/refund$/);
    if (request.method === 'POST' && refundCall) {
      const payment = payments.get(refundCall[1]!);
      if (payment?.status !== 'captured' || body.amount > payment.amount - payment.amount_refunded) return send(400, { error: { code: 'BAD_REQUEST_ERROR' } });
      return send(200, refund(payment, body.amount));
    }
    return send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A webhook as Razorpay sends it: the event, the payment (and order or refund) in its payload. */
  function webhook(event: string, paymentId: string, options: { eventId?: string; secret?: string } = {}) {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    const payload: Record<string, unknown> = { payment: { entity: payment } };
    if (event === 'order.paid') payload.order = { entity: { ...orders.get(payment.order_id), entity: 'order', status: 'paid' } };
    if (event.startsWith('refund.')) payload.refund = { entity: refunds.filter((made) => made.payment_id === paymentId).at(-1) };
    const body = Buffer.from(
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_Fake000000001',
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      }),
    );
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmac(options.secret ?? fakeKeys.webhookSecret, body),
        'x-razorpay-event-id': options.eventId ?? newId('evt'),
      },
    };
  }

  return {
    url,
    calls,
    orders,
    payments,
    refunds,
    setDown(value: boolean) {
      down = value;
    },
    /** From now on the API answers an error whenever asked about this order's payments (or stops, with `false`). */
    failOrder(gatewayOrderId: string, failing = true) {
      if (failing) failingOrders.add(gatewayOrderId);
      else failingOrders.delete(gatewayOrderId);
    },
    /** The learner pays the gateway's order: a captured UPI payment (or one of another amount or state), and the checkout's answer. */
    pay(gatewayOrderId: string, options: { amountPaise?: number; status?: FakePayment['status'] } = {}) {
      const order = orders.get(gatewayOrderId);
      if (!order) throw new Error(`no order ${gatewayOrderId}`);
      const status = options.status ?? 'captured';
      const payment: FakePayment = {
        id: newId('pay'),
        entity: 'payment',
        amount: options.amountPaise ?? order.amount,
        currency: 'INR',
        status,
        order_id: order.id,
        method: 'upi',
        amount_refunded: 0,
        refund_status: null,
        captured: status === 'captured',
        vpa: 'asha@okicici',
        created_at: Math.floor(Date.now() / 1000),
      };
      payments.set(payment.id, payment);
      if (status === 'captured') order.status = 'paid';
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: hmac(fakeKeys.keySecret, `${order.id}|${payment.id}`),
      };
    },
    /** A refund made on Razorpay's dashboard (in full unless an amount is given). */
    refundOnDashboard(paymentId: string, amountPaise?: number) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      return refund(payment, amountPaise ?? payment.amount - payment.amount_refunded);
    },
    webhook,
    /** Posts a signed webhook to the app, as Razorpay would. */
    async sendWebhook(appUrl: string, event: string, paymentId: string, options: { eventId?: string; secret?: string } = {}) {
      const { body, headers } = webhook(event, paymentId, options);
      const response = await fetch(`${appUrl}/webhooks/razorpay`, { method: 'POST', headers, body: new Uint8Array(body) });
      return { status: response.status, body: (await response.json()) as { ok: boolean; outcome: string } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
