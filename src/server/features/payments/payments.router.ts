import { z } from 'zod';
import { checkoutFields } from '../../../shared/checkout-input.js';
import { checkoutFromRequest } from '../orders/checkout.service.js';
import { entityId, requiredText } from '../../../shared/schemas.js';
import { adminProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { confirmFromCheckout, gatewayCheckoutOf, paymentAlertList, refundAndReverse, resolvePaymentAlert, startGatewayPayment } from './payments.service.js';
import { toAlertView } from './payments.views.js';

/** A gateway's payment id and the checkout's signature, as Razorpay writes them. */
const paymentId = z.string({ error: 'GATEWAY_PAYMENT_INVALID' }).regex(/^pay_[A-Za-z0-9]{6,40}$/, 'GATEWAY_PAYMENT_INVALID');
const signature = z.string({ error: 'GATEWAY_PAYMENT_INVALID' }).regex(/^[0-9a-fA-F]{64}$/, 'GATEWAY_PAYMENT_INVALID');

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const paymentsInputs = {
  start: checkoutFields,
  checkout: z.object({ orderId: entityId }),
  confirm: z.object({ orderId: entityId, paymentId, signature }),
  alerts: z.object({ resolved: z.boolean().optional() }).optional(),
  resolveAlert: z.object({ alertId: entityId, refund: z.boolean() }),
  refundOrder: z.object({ orderId: entityId, reason: requiredText(300) }),
};

export const paymentsRouter = router({
  /** Opens the buyer's order on the payment gateway: what the browser needs to open its checkout. */
  start: protectedProcedure
    .input(paymentsInputs.start)
    .mutation(async ({ ctx, input }) => startGatewayPayment(ctx, ctx.user.id, await checkoutFromRequest(ctx, ctx.user.id, ctx.req, input))),

  /** The gateway's checkout page: what opens the payment window, or where the order stands. */
  checkout: protectedProcedure.input(paymentsInputs.checkout).query(({ ctx, input }) => gatewayCheckoutOf(ctx, ctx.user.id, input.orderId)),

  /** The checkout's callback: approved at once when the gateway confirms the payment. */
  confirm: protectedProcedure.input(paymentsInputs.confirm).mutation(async ({ ctx, input }) => {
    const order = await confirmFromCheckout(ctx, ctx.user.id, input);
    return { orderId: String(order.id), status: order.status };
  }),

  /** Gateway payments admins must act on: double payments, wrong amounts, payments for rejected orders, partial refunds, UPI parts to give back. */
  alerts: adminProcedure
    .meta({ audit: true })
    .input(paymentsInputs.alerts)
    .query(({ ctx, input }) => paymentAlertList(ctx.db, { open: !input?.resolved }).map(toAlertView)),

  /** Refunds an alert's payment through the gateway, or marks it settled (UPI parts to give back: settled only, refunded from the bank). */
  resolveAlert: adminProcedure.input(paymentsInputs.resolveAlert).mutation(async ({ ctx, input }) => {
    const alert = await resolvePaymentAlert(ctx, ctx.user.id, input);
    return { id: String(alert.id), resolvedAt: alert.resolvedAt, refundId: alert.gatewayRefundId };
  }),

  /** Takes back an order paid through the gateway and refunds it in full. */
  refundOrder: adminProcedure.input(paymentsInputs.refundOrder).mutation(({ ctx, input }) => refundAndReverse(ctx, ctx.user.id, input)),
});
