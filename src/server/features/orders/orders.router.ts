import { z } from 'zod';
import { stateCodes } from '../../../shared/indian-states.js';
import { emailAddress, entityId, optionalText, pinCode, requiredText, searchAndPage, utr } from '../../../shared/schemas.js';
import { adminProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { orderErrors } from './orders.errors.js';
import { decidedOrders, decideOrder, orderDetails, ordersOf, ORDERS_PAGE_SIZE, paymentDetails, pendingOrders, placeOrder } from './orders.service.js';
import { toOrderView, toPaymentDetailsView } from './orders.views.js';

const packageId = z.union([z.number(), z.string()], { error: 'PACKAGE_REQUIRED' }).pipe(entityId);

function viewOf(db: Parameters<typeof orderDetails>[0], orderId: number) {
  const details = orderDetails(db, orderId);
  if (!details) throw orderErrors.ORDER_NOT_FOUND();
  return toOrderView(details);
}

export const ordersRouter = router({
  /** The UPI link, QR code and exact amount for the payment popup. */
  paymentDetails: protectedProcedure
    .input(z.object({ packageId }))
    .query(async ({ ctx, input }) => toPaymentDetailsView(await paymentDetails(ctx, ctx.user.id, input.packageId))),

  purchase: protectedProcedure
    .input(
      z.object({
        name: requiredText(100, 'PURCHASE_FIELDS_REQUIRED'),
        email: z.string({ error: 'PURCHASE_FIELDS_REQUIRED' }).trim().min(1, 'PURCHASE_FIELDS_REQUIRED').pipe(emailAddress),
        referralCode: optionalText(36),
        packageId,
        utr,
        /** GST state code and PIN, required when the site issues tax invoices. */
        state: z.enum(stateCodes, { error: 'STATE_REQUIRED' }).optional(),
        pin: pinCode.optional(),
      }),
    )
    .mutation(({ ctx, input }) => {
      const order = placeOrder(ctx, ctx.user.id, {
        name: input.name,
        email: input.email,
        referralId: input.referralCode || undefined,
        packageId: input.packageId,
        utr: input.utr,
        buyerState: input.state,
        buyerPin: input.pin,
      });
      return { order: viewOf(ctx.db, order.id) };
    }),

  /** The signed-in buyer's orders with their status. */
  mine: protectedProcedure.query(({ ctx }) => ordersOf(ctx.db, ctx.user.id).map(toOrderView)),

  /** Orders waiting for a decision, oldest first, a page of ORDERS_PAGE_SIZE at a time; without a page, all of them (lib/list-window.ts). */
  pending: adminProcedure.input(searchAndPage).query(({ ctx, input }) => {
    const result = pendingOrders(ctx.db, { search: input?.search, page: input?.page });
    return { orders: result.orders.map(toOrderView), total: result.total, pageSize: result.pageSize };
  }),

  /** Decided orders, latest decision first, with who decided. */
  decided: adminProcedure.input(searchAndPage).query(({ ctx, input }) => {
    const result = decidedOrders(ctx.db, { search: input?.search, page: input?.page ?? 1 });
    return { orders: result.orders.map(toOrderView), total: result.total, pageSize: ORDERS_PAGE_SIZE };
  }),

  decide: adminProcedure
    .input(
      z.object({
        orderId: entityId,
        action: z.enum(['approve', 'reject'], { error: 'ACTION_INVALID' }),
        reason: optionalText(300),
      }),
    )
    .mutation(({ ctx, input }) => {
      const order = decideOrder(ctx, ctx.user.id, input);
      return { order: viewOf(ctx.db, order.id) };
    }),
});
