import { z } from 'zod';
import { isAdminRole } from '../../../shared/domain.js';
import { calendarDate, entityId } from '../../../shared/schemas.js';
import { adminProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { receiptPdf } from './receipt-pdf.js';
import { allReceiptsInPeriod, periodBounds, receiptFor, receiptsInPeriod, receiptsOfBuyer, RECEIPTS_PAGE_SIZE } from './receipts.service.js';
import { receiptsCsv, toOwnReceiptView, toReceiptView } from './receipts.views.js';

const page = z.coerce.number({ error: 'PAGE_INVALID' }).int('PAGE_INVALID').min(1, 'PAGE_INVALID').max(100_000, 'PAGE_INVALID').default(1);
const period = { from: calendarDate, to: calendarDate };

export const receiptsRouter = router({
  /** The receipt numbers of the caller's own orders (for the links on My orders). */
  mine: protectedProcedure.query(({ ctx }) => receiptsOfBuyer(ctx.db, ctx.user.id).map(toOwnReceiptView)),

  /** The receipt of an approved order: its buyer and admins only. */
  byOrder: protectedProcedure
    .input(z.object({ orderId: entityId }))
    .query(({ ctx, input }) => toReceiptView(receiptFor(ctx.db, { id: ctx.user.id, isAdmin: isAdminRole(ctx.user.role) }, input.orderId))),

  /** The receipt as an A4 PDF (base64), in the reader's language, for the Download PDF button. */
  pdf: protectedProcedure.input(z.object({ orderId: entityId })).query(async ({ ctx, input }) => {
    const view = toReceiptView(receiptFor(ctx.db, { id: ctx.user.id, isAdmin: isAdminRole(ctx.user.role) }, input.orderId));
    const pdf = await receiptPdf(view, ctx.req.lang);
    return { fileName: `receipt-${view.number.replace(/\//g, '-')}.pdf`, base64: pdf.toString('base64') };
  }),

  /** Receipts issued in a period (IST dates, both included), in number order, a page at a time. */
  list: adminProcedure.input(z.object({ ...period, page })).query(({ ctx, input }) => {
    const result = receiptsInPeriod(ctx.db, periodBounds(input.from, input.to), input.page);
    return { receipts: result.rows.map(toReceiptView), total: result.total, amountPaise: result.amountPaise, pageSize: RECEIPTS_PAGE_SIZE };
  }),

  /** The same receipts as a CSV file's text, for the accountant. */
  csv: adminProcedure.input(z.object(period)).query(({ ctx, input }) => ({
    fileName: `receipts-${input.from}-to-${input.to}.csv`,
    csv: receiptsCsv(allReceiptsInPeriod(ctx.db, periodBounds(input.from, input.to))),
  })),
});
