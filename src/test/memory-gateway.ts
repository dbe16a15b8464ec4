import type { GatewayPayment, PaymentGateway } from '../server/lib/payment-gateway.js';

/**
 * A payment gateway in memory, for property tests that run many sequences without a server: orders,
 * payments (the learner pays the right amount or not), captures and refunds, as the real one
 * reports them. Signatures are not its concern (the HTTP tests check them against the fake).
 */
export function memoryGateway() {
  const orders = new Map<string, { amountPaise: number }>();
  const payments = new Map<string, GatewayPayment>();
  let sequence = 0;
  const gateway: PaymentGateway = {
    provider: 'memory',
    keyId: 'rzp_test_MemoryGateway01',
    checkoutScript: 'https://checkout.example/checkout.js',
    checkoutOrigins: { script: [], frame: [], connect: [], img: [] },
    async createOrder({ amountPaise }) {
      const id = `order_M${++sequence}`;
      orders.set(id, { amountPaise });
      return { id, amountPaise, currency: 'INR' };
    },
    async paymentsOfOrder(gatewayOrderId) {
      return [...payments.values()].filter((payment) => payment.gatewayOrderId === gatewayOrderId).map((payment) => ({ ...payment }));
    },
    async capture(payment) {
      const held = payments.get(payment.id)!;
      held.status = 'captured';
      return { ...held };
    },
    async refund(paymentId, amountPaise) {
      const held = payments.get(paymentId)!;
      held.refundedPaise += amountPaise;
      if (held.refundedPaise >= held.amountPaise) held.status = 'refunded';
      return { id: `rfnd_M${++sequence}` };
    },
    checkoutSignatureIsValid: () => true,
    readWebhook: () => null,
  };
  return {
    gateway,
    payments,
    /** The learner pays the gateway's order (the right amount unless told otherwise). */
    pay(gatewayOrderId: string, amountPaise = orders.get(gatewayOrderId)!.amountPaise): GatewayPayment {
      const payment: GatewayPayment = { id: `pay_M${++sequence}`, gatewayOrderId, amountPaise, currency: 'INR', status: 'captured', refundedPaise: 0 };
      payments.set(payment.id, payment);
      return payment;
    },
    /** A refund in full made on the gateway's dashboard. */
    refundOnDashboard(paymentId: string): void {
      const held = payments.get(paymentId)!;
      held.refundedPaise = held.amountPaise;
      held.status = 'refunded';
    },
  };
}
