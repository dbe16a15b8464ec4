import { z } from 'zod';
import { entityId } from '../../../shared/schemas.js';
import { adminProcedure, router } from '../../trpc/trpc.js';
import { MAX_COLUMNS } from './statement-file.js';
import { approveExactMatches } from './bulk-approval.service.js';
import { DEFAULT_STALE_DAYS, recentImports, statementResult, uploadStatement } from './statement-imports.service.js';
import { statementErrors } from './statements.errors.js';

/** Days after which a pending order with no credit is listed; a form field arrives as text. */
const staleDays = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? DEFAULT_STALE_DAYS : typeof value === 'string' ? Number(value) : value),
  z.number({ error: 'STALE_DAYS_INVALID' }).int('STALE_DAYS_INVALID').min(1, 'STALE_DAYS_INVALID').max(90, 'STALE_DAYS_INVALID'),
);

const column = z
  .number({ error: 'COLUMNS_INVALID' })
  .int('COLUMNS_INVALID')
  .min(0, 'COLUMNS_INVALID')
  .max(MAX_COLUMNS - 1, 'COLUMNS_INVALID');
const mapping = z.object(
  {
    headerKey: z.string({ error: 'COLUMNS_INVALID' }).min(1, 'COLUMNS_INVALID').max(10_000, 'COLUMNS_INVALID'),
    date: column,
    description: column,
    reference: column.nullable(),
    credit: column,
  },
  { error: 'COLUMNS_INVALID' },
);

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const statementsInputs = {
  upload: z.object({
    file: z.instanceof(Buffer).nullable(),
    fileName: z.string().nullish(),
    staleDays,
    mapping: mapping.optional(),
  }),
  result: z.object({ importId: entityId, staleDays }),
  approveExact: z.object({
    importId: entityId,
    orderIds: z.array(entityId, { error: 'ORDERS_REQUIRED' }).min(1, 'ORDERS_REQUIRED').max(5000, 'ORDERS_REQUIRED'),
  }),
};

export const statementsRouter = router({
  /** Called by the multipart upload (REST); the file never leaves memory. */
  upload: adminProcedure.input(statementsInputs.upload).mutation(({ ctx, input }) => {
    if (!input.file) throw statementErrors.FILE_REQUIRED();
    const fileName =
      (input.fileName ?? '')
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .trim()
        .slice(0, 200) || 'statement';
    return uploadStatement(ctx, ctx.user.id, { file: input.file, fileName, staleDays: input.staleDays, mapping: input.mapping });
  }),

  result: adminProcedure.input(statementsInputs.result).query(({ ctx, input }) => statementResult(ctx.db, { ...input, lang: ctx.req.lang }, ctx.now())),

  recent: adminProcedure.query(({ ctx }) => recentImports(ctx.db)),

  approveExact: adminProcedure
    .input(statementsInputs.approveExact)
    .mutation(({ ctx, input }) => approveExactMatches(ctx, ctx.user.id, { ...input, lang: ctx.req.lang })),
});
