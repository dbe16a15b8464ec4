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

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const certificatesInputs = {
  verify: numberRef,
  status: z.object({ packageId: entityId }),
  claim: claimInput,
  pdf: numberRef,
  setEnabled: enableInput,
  list: z.object({ packageId: z.preprocess(blankToUndefined, entityId.optional()) }),
  revoke: revokeInput,
  restore: revokeInput,
  correctName: correctNameInput,
};

export const certificatesRouter = router({
  /** Anyone: whether a certificate is valid, with only what its public page shows. */
  verify: publicProcedure
    .input(certificatesInputs.verify)
    .query(({ ctx, input }) => toPublicCertificateView(verifyCertificate(ctx.db, input.number), ctx.config)),

  /** The learner's standing towards a package's certificate (owners only). */
  status: protectedProcedure.input(certificatesInputs.status).query(({ ctx, input }) => certificateStatus(ctx.db, ctx.user, input.packageId)),

  /** The name the learner chose for their certificates, if they did. */
  myName: protectedProcedure.query(({ ctx }) => chosenName(ctx.db, ctx.user.id)),

  /** Issues the certificate of a finished package (the name the first time). */
  claim: protectedProcedure.input(certificatesInputs.claim).mutation(({ ctx, input }) => toOwnCertificateView(claimCertificate(ctx, ctx.user, input))),

  /** The learner's valid certificates. */
  mine: protectedProcedure.query(({ ctx }) => ownCertificates(ctx.db, ctx.user.id).map(toOwnCertificateView)),

  /** The certificate as an A4 landscape PDF (base64) in the reader's language: its owner and admins. */
  pdf: protectedProcedure.input(certificatesInputs.pdf).query(async ({ ctx, input }) => {
    const { fileName, pdf } = await certificatePdfFor(ctx, requesterOf(ctx.user), input.number, ctx.req.lang);
    return { fileName, base64: pdf.toString('base64') };
  }),

  // Admins
  setEnabled: adminProcedure.input(certificatesInputs.setEnabled).mutation(({ ctx, input }) => {
    setCertificatesEnabled(ctx.db, input.packageId, input.enabled);
    return { ok: true as const };
  }),
  list: adminProcedure
    .meta({ audit: true })
    .input(certificatesInputs.list)
    .query(({ ctx, input }) => adminCertificates(ctx.db, input.packageId ?? null).map(toAdminCertificateView)),
  revoke: adminProcedure.input(certificatesInputs.revoke).mutation(({ ctx, input }) => {
    revokeCertificate(ctx, ctx.user.id, input);
    return { ok: true as const };
  }),
  restore: adminProcedure.input(certificatesInputs.restore).mutation(({ ctx, input }) => {
    restoreCertificate(ctx, input);
    return { ok: true as const };
  }),
  correctName: adminProcedure.input(certificatesInputs.correctName).mutation(({ ctx, input }) => correctCertificateName(ctx, input)),
});
