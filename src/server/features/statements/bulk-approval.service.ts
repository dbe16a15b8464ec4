/**
 * Bulk approval: the exact matches of a statement the admin saw, approved one by one through the
 * same transaction as a manual approval. What happened to each is kept on the import's line as a
 * code (statements.views.ts words it in the reader's language) and counted on the import.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { statementImportLines, statementImports } from '../../db/schema.js';
import type { Language } from '../../../shared/domain.js';
import { describeError, isServerFault, keptCodeOf } from '../../lib/errors.js';
import type { Notifier } from '../../lib/notification-channel.js';
import { decideOrder } from '../orders/order-decisions.service.js';
import { findImport, findOrder, workOutResult } from './statement-queries.js';
import { statementErrors } from './statements.errors.js';
import { approvalOutcomeTexts, toApprovalResult, type ApprovalResult, type ApprovalSummary } from './statements.views.js';
import type { DomainEvents } from '../../lib/domain-events.js';

type Deps = { db: Db; config: Config; notifier: Notifier; events: DomainEvents; now: () => number; log: FastifyBaseLogger };

/**
 * Approves the orders the admin saw as exact matches, each through the same transaction as a
 * manual approval (package, commission, email). An order that is no longer an exact match of
 * this statement is not approved; a failure of one never stops the others. The answer speaks
 * the clicking admin's language; the lines keep codes.
 */
export function approveExactMatches(deps: Deps, adminId: number, input: { importId: number; orderIds: number[]; lang: Language }): ApprovalSummary {
  const found = findImport(deps.db, input.importId);
  const exact = new Map(workOutResult(deps.db, found.row, found.row.staleDays, deps.now()).exact.map((match) => [match.order!.orderId, match]));
  const results: ApprovalResult[] = [];
  for (const orderId of [...new Set(input.orderIds)]) {
    const match = exact.get(orderId);
    if (!match) {
      results.push(toApprovalResult(orderId, findOrder(deps.db, orderId), false, describeError(statementErrors.NOT_EXACT_MATCH(), input.lang).message));
      continue;
    }
    let outcome: { ok: boolean; code: string | null; message: string | null };
    try {
      decideOrder(deps, adminId, { orderId, action: 'approve' });
      outcome = { ok: true, code: null, message: null };
    } catch (error) {
      if (isServerFault(error)) deps.log.error({ err: error, orderId, importId: input.importId }, 'bulk approval of an order failed');
      outcome = { ok: false, code: keptCodeOf(error, approvalOutcomeTexts), message: describeError(error, input.lang).message };
    }
    deps.db
      .update(statementImportLines)
      .set({
        result: outcome.ok ? 'approved' : 'failed',
        orderId,
        resultCode: outcome.code,
        // Lines decided before outcomes were kept as codes carried the text too; it is no longer read.
        resultMessage: null,
        decidedAt: deps.now(),
      })
      .where(and(eq(statementImportLines.importId, input.importId), eq(statementImportLines.creditId, match.line.creditId)))
      .run();
    results.push(toApprovalResult(orderId, match.order!, outcome.ok, outcome.message));
  }
  const approved = results.filter((result) => result.ok).length;
  const failed = results.length - approved;
  deps.db
    .update(statementImports)
    .set({
      approvedCount: sql`${statementImports.approvedCount} + ${approved}`,
      failedCount: sql`${statementImports.failedCount} + ${failed}`,
      lastApprovedBy: adminId,
      lastApprovedAt: deps.now(),
    })
    .where(eq(statementImports.id, input.importId))
    .run();
  deps.log.info({ importId: input.importId, adminId, approved, failed }, 'statement matches approved');
  return { approved, failed, results };
}
