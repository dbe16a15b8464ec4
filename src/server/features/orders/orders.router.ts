import { z } from 'zod';
import { checkoutFields, chosenPackageId } from '../../../shared/checkout-input.js';
import { checkoutCodeText } from '../../../shared/discounts.js';
import { blankToUndefined, entityId, optionalText, rupees, searchAndPage, utr } from '../../../shared/schemas.js';
import { adminProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { countCodeTry } from '../discounts/discounts.service.js';
import { orderErrors } from './orders.errors.js';
import { checkoutFromRequest, claimFreeOrder, paymentDetails, placeOrder } from './checkout.service.js';
import { decidedOrders, orderDetails, ORDERS_PAGE_SIZE, ordersOf, pendingOrderCount, pendingOrders } from './order-queries.service.js';
import { decideOrder } from './order-decisions.service.js';
import { toDifferenceDetailsView, toOrderView, toPaymentDetailsView } from './orders.views.js';
import { askForDifference, differencePaymentDetails, payDifference } from './order-difference.service.js';

function viewOf(db: Parameters<typeof orderDetails>[0], orderId: number) {
  const details = orderDetails(db, orderId);
  if (!details) throw orderErrors.ORDER_NOT_FOUND();
  return toOrderView(details);
}

const codeOptional = z.preprocess(blankToUndefined, checkoutCodeText.optional());

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const ordersInputs = {
  paymentDetails: z.object({ packageId: chosenPackageId, code: codeOptional }),
  purchase: checkoutFields.extend({ utr }),
  claimFree: checkoutFields.extend({ code: checkoutCodeText }),
  pending: searchAndPage,
  decided: searchAndPage,
  decide: z.object({
    orderId: entityId,
    action: z.enum(['approve', 'reject'], { error: 'ACTION_INVALID' }),
    reason: optionalText(300),
  }),
  askDifference: z.object({
    orderId: entityId,
    receivedPaise: rupees({ required: 'AMOUNT_INVALID', invalid: 'AMOUNT_INVALID' }),
    reason: optionalText(300),
  }),
  differenceDetails: z.object({ orderId: entityId }),
  payDifference: z.object({ orderId: entityId, utr }),
};

export const ordersRouter = router({
  /** The UPI link, QR code and exact amount (after a discount code, when one is given) for the payment popup. */
  paymentDetails: protectedProcedure.input(ordersInputs.paymentDetails).query(async ({ ctx, input }) => {
    if (input.code) await countCodeTry(ctx, { userId: ctx.user.id, ip: ctx.req.ip });
    return toPaymentDetailsView(await paymentDetails(ctx, ctx.user.id, input.packageId, input.code));
  }),

  purchase: protectedProcedure.input(ordersInputs.purchase).mutation(async ({ ctx, input }) => {
    const order = placeOrder(ctx, ctx.user.id, { ...(await checkoutFromRequest(ctx, ctx.user.id, ctx.req, input)), utr: input.utr });
    return { order: viewOf(ctx.db, order.id) };
  }),

  /** A package a discount code makes free: taken and approved at once. */
  claimFree: protectedProcedure.input(ordersInputs.claimFree).mutation(async ({ ctx, input }) => {
    const order = claimFreeOrder(ctx, ctx.user.id, { ...(await checkoutFromRequest(ctx, ctx.user.id, ctx.req, input)), code: input.code });
    return { order: viewOf(ctx.db, order.id) };
  }),

  /** The signed-in buyer's orders with their status. */
  mine: protectedProcedure.query(({ ctx }) => ordersOf(ctx.db, ctx.user.id).map(toOrderView)),

  /** Orders waiting for a decision, oldest first, a page of ORDERS_PAGE_SIZE at a time; without a page, all of them (lib/list-window.ts). */
  pending: adminProcedure
    .meta({ audit: true })
    .input(ordersInputs.pending)
    .query(({ ctx, input }) => {
      const result = pendingOrders(ctx.db, { search: input?.search, page: input?.page });
      return { orders: result.orders.map(toOrderView), total: result.total, pageSize: result.pageSize };
    }),

  /** How many orders wait for a decision: the admin menu's count, asked every few seconds (one indexed count). */
  pendingCount: adminProcedure.query(({ ctx }) => ({ count: pendingOrderCount(ctx.db) })),

  /** Decided orders, latest decision first, with who decided. */
  decided: adminProcedure
    .meta({ audit: true })
    .input(ordersInputs.decided)
    .query(({ ctx, input }) => {
      const result = decidedOrders(ctx.db, { search: input?.search, page: input?.page ?? 1 });
      return { orders: result.orders.map(toOrderView), total: result.total, pageSize: ORDERS_PAGE_SIZE };
    }),

  decide: adminProcedure.input(ordersInputs.decide).mutation(({ ctx, input }) => {
    const order = decideOrder(ctx, ctx.user.id, input);
    return { order: viewOf(ctx.db, order.id) };
  }),

  /** A short payment: part of the price arrived (in rupees, answered in paise); the buyer is asked for the rest under the same order. */
  askDifference: adminProcedure.input(ordersInputs.askDifference).mutation(({ ctx, input }) => {
    const order = askForDifference(ctx, ctx.user.id, input);
    return { order: viewOf(ctx.db, order.id) };
  }),

  /** The UPI link and QR code for exactly what remains of the buyer's own order. */
  differenceDetails: protectedProcedure
    .input(ordersInputs.differenceDetails)
    .query(async ({ ctx, input }) => toDifferenceDetailsView(await differencePaymentDetails(ctx, ctx.user.id, input.orderId))),

  /** The buyer's UTR for the rest of their order: the order waits for a decision again. */
  payDifference: protectedProcedure.input(ordersInputs.payDifference).mutation(async ({ ctx, input }) => {
    const order = await payDifference(ctx, ctx.user.id, input);
    return { order: viewOf(ctx.db, order.id) };
  }),
});
