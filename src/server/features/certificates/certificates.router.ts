import { z } from 'zod';
import { blankToUndefined, entityId } from '../../../shared/schemas.js';
import { adminProcedure, protectedProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import { requesterOf } from '../../lib/owner-or-admin.js';
import { certificateNumber, claimInput, correctNameInput, enableInput, revokeInput } from './certificates.schemas.js';
import {
  adminCertificates,
  certificatePdfFor,
  certificateStatus,
  chosenName,
  claimCertificate,
  correctCertificateName,
  ownCertificates,
  restoreCertificate,
  revokeCertificate,
  setCertificatesEnabled,
  verifyCertificate,
} from './certificates.service.js';
import { toAdminCertificateView, toOwnCertificateView, toPublicCertificateView } from './certificates.views.js';

const numberRef = z.object({ number: certificateNumber });

export const certificatesRouter = router({
  /** Anyone: whether a certificate is valid, with only what its public page shows. */
  verify: publicProcedure.input(numberRef).query(({ ctx, input }) => toPublicCertificateView(verifyCertificate(ctx.db, input.number), ctx.config)),

  /** The learner's standing towards a package's certificate (owners only). */
  status: protectedProcedure.input(z.object({ packageId: entityId })).query(({ ctx, input }) => certificateStatus(ctx.db, ctx.user, input.packageId)),

  /** The name the learner chose for their certificates, if they did. */
  myName: protectedProcedure.query(({ ctx }) => chosenName(ctx.db, ctx.user.id)),

  /** Issues the certificate of a finished package (the name the first time). */
  claim: protectedProcedure.input(claimInput).mutation(({ ctx, input }) => toOwnCertificateView(claimCertificate(ctx, ctx.user, input))),

  /** The learner's valid certificates. */
  mine: protectedProcedure.query(({ ctx }) => ownCertificates(ctx.db, ctx.user.id).map(toOwnCertificateView)),

  /** The certificate as an A4 landscape PDF (base64) in the reader's language: its owner and admins. */
  pdf: protectedProcedure.input(numberRef).query(async ({ ctx, input }) => {
    const { fileName, pdf } = await certificatePdfFor(ctx, requesterOf(ctx.user), input.number, ctx.req.lang);
    return { fileName, base64: pdf.toString('base64') };
  }),

  // Admins
  setEnabled: adminProcedure.input(enableInput).mutation(({ ctx, input }) => {
    setCertificatesEnabled(ctx.db, input.packageId, input.enabled);
    return { ok: true as const };
  }),
  list: adminProcedure
    .meta({ audit: true })
    .input(z.object({ packageId: z.preprocess(blankToUndefined, entityId.optional()) }))
    .query(({ ctx, input }) => adminCertificates(ctx.db, input.packageId ?? null).map(toAdminCertificateView)),
  revoke: adminProcedure.input(revokeInput).mutation(({ ctx, input }) => {
    revokeCertificate(ctx, ctx.user.id, input);
    return { ok: true as const };
  }),
  restore: adminProcedure.input(revokeInput).mutation(({ ctx, input }) => {
    restoreCertificate(ctx, input);
    return { ok: true as const };
  }),
  correctName: adminProcedure.input(correctNameInput).mutation(({ ctx, input }) => correctCertificateName(ctx, input)),
});
