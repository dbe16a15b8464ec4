import { z } from 'zod';
import { blankToUndefined, emailAddress, emailedCode, requiredText } from '../../../shared/schemas.js';
import { ageStanding, answerAge, consentAsParent, sendParentCode } from './parental-consent.service.js';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/privacy.js';
import { adminProcedure, protectedProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import { findActiveUser } from '../auth/accounts.service.js';
import { acceptedNoticeVersion, acceptNotice, confirmErasure, erasureList, erasurePreview, myDataWithPassword, requestErasure } from './privacy.service.js';
import { accountErrors } from '../../lib/account.errors.js';
import { currentPassword } from '../../lib/password-confirm.js';

const ageAnswer = z
  .object({ adult: z.boolean({ error: 'REQUIRED' }), parentEmail: z.preprocess(blankToUndefined, emailAddress.optional()) })
  .superRefine((input, ctx) => {
    if (!input.adult && !input.parentEmail) ctx.addIssue({ code: 'custom', path: ['parentEmail'], message: 'PARENT_EMAIL_REQUIRED' });
  });

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const privacyInputs = {
  accept: z.object({ version: requiredText(40) }),
  answerAge: ageAnswer,
  parentConsent: z.object({ code: emailedCode }),
  resendParentCode: z.object({ parentEmail: z.preprocess(blankToUndefined, emailAddress.optional()) }),
  myData: z.object({ password: currentPassword }),
  requestErasure: z.object({ password: currentPassword }),
  confirmErasure: z.object({ token: requiredText(200) }),
};

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
      age: ageStanding(ctx.db, user),
      erasure: erasurePreview(ctx.db, user),
    };
  }),

  /** Agrees to the privacy notice as shown (its version). */
  accept: protectedProcedure.input(privacyInputs.accept).mutation(({ ctx, input }) => {
    acceptNotice(ctx, ctx.user.id, input.version);
    return { accepted: input.version };
  }),

  /** "Are you 18 or older?" for an account never asked (the legacy client's sign-ups): a minor names a parent. */
  answerAge: protectedProcedure.input(privacyInputs.answerAge).mutation(async ({ ctx, input }) => {
    await answerAge(ctx, ctx.user.id, input);
    return { ok: true as const };
  }),

  /** The code emailed to the parent, typed on the child's screen: the parent's consent. */
  parentConsent: protectedProcedure.input(privacyInputs.parentConsent).mutation(async ({ ctx, input }) => {
    await consentAsParent(ctx, ctx.user.id, input.code);
    return { ok: true as const };
  }),

  /** A new code for the parent (to a corrected address if one is given). */
  resendParentCode: protectedProcedure.input(privacyInputs.resendParentCode).mutation(async ({ ctx, input }) => {
    await sendParentCode(ctx, ctx.user.id, input.parentEmail);
    return { ok: true as const };
  }),

  /** Everything the product holds about the signed-in person, with the password again. */
  myData: protectedProcedure.input(privacyInputs.myData).mutation(({ ctx, input }) => myDataWithPassword(ctx, ctx.user.id, input.password)),

  /** Asks to erase the account: a confirmation link is emailed. */
  requestErasure: protectedProcedure.input(privacyInputs.requestErasure).mutation(({ ctx, input }) => requestErasure(ctx, ctx.user.id, input.password)),

  /** The emailed link erases the account (it is the proof; no session needed). */
  confirmErasure: publicProcedure.input(privacyInputs.confirmErasure).mutation(({ ctx, input }) => confirmErasure(ctx, input.token)),

  /** Erasure requests and their outcome, for the admins. */
  erasures: adminProcedure
    .meta({ audit: true })
    .query(({ ctx }) => erasureList(ctx.db, ctx.now()).map((row) => ({ ...row, id: String(row.id), userId: String(row.userId) }))),
});
