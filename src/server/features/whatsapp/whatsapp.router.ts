import { z } from 'zod';
import { indianPhone } from '../../../shared/schemas.js';
import { adminProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { setWhatsAppChoice, whatsAppChoice, whatsAppMonthlyReport } from './whatsapp.service.js';

const choiceInput = z.discriminatedUnion('on', [
  z.object({ on: z.literal(true), phone: indianPhone, consent: z.boolean({ error: 'REQUIRED' }) }),
  z.object({ on: z.literal(false) }),
]);

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const whatsappInputs = {
  setChoice: choiceInput,
};

export const whatsappRouter = router({
  /** The signed-in person's choice of WhatsApp updates, and whether the product offers them. */
  choice: protectedProcedure.query(({ ctx }) => whatsAppChoice(ctx.db, ctx.config, ctx.user.id)),

  /** Turns WhatsApp updates on (a 10-digit number and the ticked consent) or off; each change is a recorded consent or withdrawal. */
  setChoice: protectedProcedure.input(whatsappInputs.setChoice).mutation(({ ctx, input }) => setWhatsAppChoice(ctx, ctx.user.id, input)),

  /** WhatsApp messages sent per IST month and kind, with their cost at the per-message price setting. */
  report: adminProcedure.query(({ ctx }) => {
    const settings = ctx.config.whatsapp;
    const priceCentipaise = settings?.messagePriceCentipaise ?? 0;
    return {
      enabled: settings !== null,
      priceCentipaise,
      months: whatsAppMonthlyReport(ctx.db, priceCentipaise, { now: ctx.now() }),
    };
  }),
});
