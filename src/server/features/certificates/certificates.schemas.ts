import { z } from 'zod';
import { CERTIFICATE_NUMBER, nameScriptOf, normaliseCertificateNumber, tidyName } from '../../../shared/learning.js';
import { blankToUndefined, entityId, requiredText } from '../../../shared/schemas.js';

export const certificateNumber = z
  .string({ error: 'CERTIFICATE_NUMBER_INVALID' })
  .max(40, 'CERTIFICATE_NUMBER_INVALID')
  .transform(normaliseCertificateNumber)
  .refine((number) => CERTIFICATE_NUMBER.test(number), 'CERTIFICATE_NUMBER_INVALID');

const certificateName = z
  .string({ error: 'CERTIFICATE_NAME_INVALID' })
  .max(200, 'CERTIFICATE_NAME_INVALID')
  .refine((name) => nameScriptOf(name) !== null, 'CERTIFICATE_NAME_INVALID')
  .transform(tidyName);

export const claimInput = z.object({
  packageId: entityId,
  /** The name to print, needed the first time only (then fixed). */
  name: z.preprocess(blankToUndefined, certificateName.optional()),
});

/** An admin revokes a certificate, or gives a revoked one back, saying why (the learner is emailed it). */
export const revokeInput = z.object({ number: certificateNumber, reason: requiredText(300, 'REASON_REQUIRED') });

/** An admin mends the name a learner chose for their certificates (a typo they asked to have put right). */
export const correctNameInput = z.object({ userId: entityId, name: certificateName, reason: requiredText(300, 'REASON_REQUIRED') });

export const enableInput = z.object({ packageId: entityId, enabled: z.boolean() });
