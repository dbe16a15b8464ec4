import { z } from 'zod';
import { requiredText } from '../../../shared/schemas.js';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/privacy.js';
import { adminProcedure, protectedProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import { findActiveUser } from '../auth/accounts.service.js';
import { acceptedNoticeVersion, acceptNotice, confirmErasure, erasureList, erasurePreview, myDataWithPassword, requestErasure } from './privacy.service.js';
import { accountErrors } from '../../lib/account.errors.js';

const password = z.string({ error: 'REQUIRED' }).min(1, 'REQUIRED').max(200, 'TEXT_TOO_LONG');

export const privacyRouter = router({
  /** Where the signed-in person stands: the notice they accepted (and whether a newer one waits), and what erasing would mean. */
  status: protectedProcedure.query(({ ctx }) => {
    const user = findActiveUser(ctx.db, ctx.user.id);
    if (!user) throw accountErrors.ACCOUNT_GONE();
    const accepted = acceptedNoticeVersion(ctx.db, user.id);
    return {
      noticeVersion: PRIVACY_NOTICE_VERSION,
      acceptedVersion: accepted,
      consentNeeded: accepted !== PRIVACY_NOTICE_VERSION,
      erasure: erasurePreview(ctx.db, user),
    };
  }),

  /** Agrees to the privacy notice as shown (its version). */
  accept: protectedProcedure.input(z.object({ version: requiredText(40) })).mutation(({ ctx, input }) => {
    acceptNotice(ctx, ctx.user.id, input.version);
    return { accepted: input.version };
  }),

  /** Everything the product holds about the signed-in person, with the password again. */
  myData: protectedProcedure.input(z.object({ password })).mutation(({ ctx, input }) => myDataWithPassword(ctx, ctx.user.id, input.password)),

  /** Asks to erase the account: a confirmation link is emailed. */
  requestErasure: protectedProcedure.input(z.object({ password })).mutation(({ ctx, input }) => requestErasure(ctx, ctx.user.id, input.password)),

  /** The emailed link erases the account (it is the proof; no session needed). */
  confirmErasure: publicProcedure.input(z.object({ token: requiredText(200) })).mutation(({ ctx, input }) => confirmErasure(ctx, input.token)),

  /** Erasure requests and their outcome, for the admins. */
  erasures: adminProcedure.query(({ ctx }) => erasureList(ctx.db, ctx.now()).map((row) => ({ ...row, id: String(row.id), userId: String(row.userId) }))),
});
