import { z } from 'zod';
import { parsePeriod } from '../../../shared/financial-year.js';
import { calendarDate, entityId, wholeNumber } from '../../../shared/schemas.js';
import { adminProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { requesterOf } from '../../lib/owner-or-admin.js';
import { gstr1 } from './gstr1.js';
import { creditNotePdf, receiptPdf } from './receipt-pdf.js';
import {
  allReceiptsInPeriod,
  creditNoteFor,
  creditNotesInPeriod,
  periodBounds,
  receiptFor,
  receiptsInPeriod,
  receiptsOfBuyer,
  RECEIPTS_PAGE_SIZE,
} from './receipts.service.js';
import { gstr1Csv, receiptsCsv, toCreditNoteListRow, toCreditNoteView, toOwnReceiptView, toReceiptView } from './receipts.views.js';

const page = wholeNumber(1, 100_000, 'PAGE_INVALID').default(1);
const period = { from: calendarDate, to: calendarDate };

/** An IST month, "2026-11". */
const month = z
  .string({ error: 'MONTH_INVALID' })
  .max(7, 'MONTH_INVALID')
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'MONTH_INVALID')
  .transform((label) => parsePeriod(label)!);

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const receiptsInputs = {
  byOrder: z.object({ orderId: entityId }),
  pdf: z.object({ orderId: entityId }),
  creditNotePdf: z.object({ orderId: entityId }),
  list: z.object({ ...period, page }),
  csv: z.object(period),
  gstr1: z.object({ month }),
};

export const receiptsRouter = router({
  /** The receipt numbers of the caller's own orders (for the links on My orders). */
  mine: protectedProcedure.query(({ ctx }) => receiptsOfBuyer(ctx.db, ctx.user.id).map(toOwnReceiptView)),

  /** The receipt of an approved order: its buyer and admins only. */
  byOrder: protectedProcedure.input(receiptsInputs.byOrder).query(({ ctx, input }) => toReceiptView(receiptFor(ctx.db, requesterOf(ctx.user), input.orderId))),

  /** The receipt as an A4 PDF (base64), in the reader's language, for the Download PDF button. */
  pdf: protectedProcedure.input(receiptsInputs.pdf).query(async ({ ctx, input }) => {
    const view = toReceiptView(receiptFor(ctx.db, requesterOf(ctx.user), input.orderId));
    const pdf = await receiptPdf(view, ctx.req.lang);
    return { fileName: `receipt-${view.number.replace(/\//g, '-')}.pdf`, base64: pdf.toString('base64') };
  }),

  /** The credit note of a reversed order's tax invoice as an A4 PDF (base64): its buyer and admins only. */
  creditNotePdf: protectedProcedure.input(receiptsInputs.creditNotePdf).query(async ({ ctx, input }) => {
    const view = toCreditNoteView(creditNoteFor(ctx.db, requesterOf(ctx.user), input.orderId));
    const pdf = await creditNotePdf(view, ctx.req.lang);
    return { fileName: `credit-note-${view.number.replace(/\//g, '-')}.pdf`, base64: pdf.toString('base64') };
  }),

  /** Receipts issued in a period (IST dates, both included), in number order, a page at a time, and the credit notes issued in it. */
  list: adminProcedure
    .meta({ audit: true })
    .input(receiptsInputs.list)
    .query(({ ctx, input }) => {
      const bounds = periodBounds(input.from, input.to);
      const result = receiptsInPeriod(ctx.db, bounds, input.page);
      return {
        receipts: result.rows.map(toReceiptView),
        total: result.total,
        amountPaise: result.amountPaise,
        pageSize: RECEIPTS_PAGE_SIZE,
        creditNotes: creditNotesInPeriod(ctx.db, bounds).map(toCreditNoteListRow),
      };
    }),

  /** The same receipts and credit notes as a CSV file's text, for the accountant. */
  csv: adminProcedure
    .meta({ audit: true })
    .input(receiptsInputs.csv)
    .query(({ ctx, input }) => {
      const bounds = periodBounds(input.from, input.to);
      return {
        fileName: `receipts-${input.from}-to-${input.to}.csv`,
        csv: receiptsCsv(allReceiptsInPeriod(ctx.db, bounds), creditNotesInPeriod(ctx.db, bounds)),
      };
    }),

  /** A month's GSTR-1 tables (B2B, B2C large and small, credit notes, SAC summary) as CSV, with its totals. */
  gstr1: adminProcedure
    .meta({ audit: true })
    .input(receiptsInputs.gstr1)
    .query(({ ctx, input }) => {
      const bounds = { start: input.month.from, end: input.month.to };
      const report = gstr1(input.month.label, allReceiptsInPeriod(ctx.db, bounds), creditNotesInPeriod(ctx.db, bounds));
      return { ...gstr1Csv(report), totals: report.totals };
    }),
});
