import { z } from 'zod';
import { blankToUndefined, calendarDate, entityId } from '../../../shared/schemas.js';
import { DAY_MS, istDateStart } from '../../../shared/ist.js';
import { adminProcedure, router } from '../../trpc/trpc.js';
import { auditEntries } from './audit.service.js';
import { aboutEntry, AUDITED_READS } from './audit-wording.js';

const reads = new Set<string>(AUDITED_READS);

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const auditInputs = {
  entries: z
    .object({
      from: z.preprocess(blankToUndefined, calendarDate.optional()),
      to: z.preprocess(blankToUndefined, calendarDate.optional()),
      action: z.preprocess(blankToUndefined, z.string().max(80, 'TEXT_TOO_LONG').optional()),
      actorId: z.preprocess(blankToUndefined, entityId.optional()),
      kind: z.enum(['actions', 'reads'], { error: 'AUDIT_KIND_INVALID' }).optional(),
      person: z.preprocess(blankToUndefined, z.string().max(120, 'TEXT_TOO_LONG').optional()),
      page: z.number({ error: 'PAGE_INVALID' }).int('PAGE_INVALID').min(1, 'PAGE_INVALID').max(100_000, 'PAGE_INVALID').optional(),
    })
    .optional(),
};

export const auditRouter = router({
  /**
   * The audit log, newest first, filtered by an IST period, an action, an admin, a person (by or
   * about them) and actions or reads; each entry with what it is about, for its sentence. Read
   * only: nothing can change it.
   */
  entries: adminProcedure.input(auditInputs.entries).query(({ ctx, input }) => {
    const found = auditEntries(ctx.db, {
      from: input?.from ? istDateStart(input.from) : undefined,
      to: input?.to ? istDateStart(input.to) + DAY_MS : undefined,
      action: input?.action,
      actorId: input?.actorId,
      kind: input?.kind,
      person: input?.person,
      page: input?.page,
    });
    return {
      entries: found.rows.map(({ entry, actorName, actorEmail, actorErasedAt }) => ({
        id: String(entry.id),
        at: entry.at,
        actor: entry.actorId === null ? null : { id: String(entry.actorId), name: actorName ?? '', email: actorEmail ?? '', erased: actorErasedAt !== null },
        action: entry.action,
        kind: reads.has(entry.action) ? ('read' as const) : ('action' as const),
        about: aboutEntry(ctx.db, entry),
        target: entry.targetType === null ? null : { type: entry.targetType, id: entry.targetId ?? '' },
        detail: entry.detail,
      })),
      total: found.total,
      pageSize: found.pageSize,
    };
  }),
});
