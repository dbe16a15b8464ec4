import type { FastifyRequest } from 'fastify';
import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import { findSessionUser } from '../features/auth/sessions.service.js';
import { clearOfAgeGate } from '../features/privacy/age-gate.js';
import { readToken } from '../lib/request-info.js';
import type { AppDeps } from './context.js';
import { signedIn, type HotRead, type ProcedureMeta } from './trpc.js';

/**
 * The short road of the hottest reads (a learner's profile, earnings cards, leaderboard, the
 * catalogue). Building a request context and walking tRPC's chain of calls costs more than these
 * reads themselves, whose answers are kept in memory (lib/read-cache.ts). A procedure declared
 * with `signedInRead`, `signedInReadOf` or `publicRead` (trpc/trpc.ts) is one function of the
 * dependencies, the session's user and the parsed input, so it is called here directly. Only a
 * success is answered here: no session where one is needed, an input its schema refuses, or an
 * error of the read itself goes on through the procedure, which answers it as always.
 */

/**
 * The middlewares of a hot read's procedure that `answerHot` applies itself, by the read's kind: a
 * signed-in read finds the session's user as `signedIn` does (without one, or with an account the
 * age gate may hold, the procedure answers). The input is parsed with the procedure's own schema. Nothing else of the chain is
 * applied here: a middleware added to these procedures (a rate limit, an audit) must be applied in
 * `answerHot` too and named here; hot-reads.test.ts walks every hot procedure's middlewares and
 * fails until it is.
 */
export const MIDDLEWARES_APPLIED_HERE = { signedIn: signedIn._middlewares, public: [] } as const;

/** What `answerHot` answers when the procedure must answer instead. */
export const THROUGH_PROCEDURE: unique symbol = Symbol('through the procedure');

/**
 * A router's procedures by path (`auth.profile`). tRPC has no public function that lists them;
 * the router's definition (typed by the public TRPCRouterDef) holds them flat, and this is the one
 * place that reads it.
 */
export function proceduresOf(router: AnyTRPCRouter): Readonly<Record<string, AnyTRPCProcedure>> {
  return router._def.procedures as Record<string, AnyTRPCProcedure>;
}

/** The hot read a procedure declares (signedInRead, signedInReadOf, publicRead), or null. */
export function hotReadOfProcedure(procedure: AnyTRPCProcedure | undefined): HotRead | null {
  return (procedure?._def.meta as ProcedureMeta | undefined)?.hot ?? null;
}

export function answerHot(deps: AppDeps, request: FastifyRequest, read: HotRead, rawInput: unknown): unknown {
  let input: unknown;
  if (read.input) {
    const parsed = read.input.safeParse(rawInput);
    if (!parsed.success) return THROUGH_PROCEDURE;
    input = parsed.data;
  }
  const token = readToken(request);
  const user = token ? findSessionUser(deps.db, token, deps.now()) : null;
  if (read.signedIn && !user) return THROUGH_PROCEDURE;
  // The age gate (applied by `signedIn`) is the procedure's to apply to an account it may hold.
  if (user && !clearOfAgeGate(user.ageStatus)) return THROUGH_PROCEDURE;
  try {
    const answer = read.run(deps, user, input);
    return answer instanceof Promise ? THROUGH_PROCEDURE : answer;
  } catch {
    return THROUGH_PROCEDURE;
  }
}
