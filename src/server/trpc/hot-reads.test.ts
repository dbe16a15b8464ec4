/**
 * Hot reads (hot-reads.ts) are answered without tRPC's chain of middlewares, so they may stand in
 * for a procedure only as far as they apply what its chain does. This walks every middleware of
 * every hot read's procedure and holds it to what `answerHot` applies: the user lookup of
 * `signedIn` for a signed-in read, nothing for a public one, and the procedure's own input schema.
 * A middleware added later to protectedProcedure (a rate limit, an audit), or to one hot read,
 * fails here until the short road applies it too (and MIDDLEWARES_APPLIED_HERE names it).
 */
import type { AnyTRPCMiddlewareFunction, AnyTRPCProcedure } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../root-router.js';
import { hotReadOfProcedure, MIDDLEWARES_APPLIED_HERE, proceduresOf } from './hot-reads.js';
import { protectedProcedure, publicProcedure } from './trpc.js';

type Step = AnyTRPCMiddlewareFunction & { _type?: string };

/** A procedure's chain: its middlewares, then the input parsers tRPC adds for `.input()`, then the resolver. */
function chainOf(procedure: AnyTRPCProcedure): Step[] {
  return (procedure._def as unknown as { middlewares: Step[] }).middlewares;
}

const resolver = (step: Step) => step.name === 'resolveMiddleware';
const parser = (step: Step) => step._type === 'input';
const middlewares = (procedure: AnyTRPCProcedure) => chainOf(procedure).filter((step) => !resolver(step) && !parser(step));

const hotProcedures = Object.entries(proceduresOf(appRouter)).flatMap(([path, procedure]) => {
  const hot = hotReadOfProcedure(procedure);
  return hot ? [{ path, procedure, hot }] : [];
});

describe('the short road of hot reads applies every middleware of their procedures', () => {
  it('finds the hot reads (the app has signed-in and public ones)', () => {
    expect(hotProcedures.some(({ hot }) => hot.signedIn)).toBe(true);
    expect(hotProcedures.some(({ hot }) => !hot.signedIn)).toBe(true);
  });

  it('protectedProcedure and publicProcedure carry exactly the middlewares answerHot applies', () => {
    const base = (builder: typeof protectedProcedure | typeof publicProcedure) =>
      (builder._def as unknown as { middlewares: Step[] }).middlewares.filter((step) => !parser(step));
    expect(base(protectedProcedure)).toEqual([...MIDDLEWARES_APPLIED_HERE.signedIn]);
    expect(base(publicProcedure)).toEqual([...MIDDLEWARES_APPLIED_HERE.public]);
  });

  it.each(hotProcedures.map(({ path, procedure, hot }) => [path, procedure, hot] as const))('%s', (_path, procedure, hot) => {
    const chain = chainOf(procedure);
    expect(chain.filter(resolver)).toHaveLength(1);
    expect(chain.some((step) => step._type === 'output')).toBe(false);
    // The input is parsed by the same schema, once.
    expect(chain.filter(parser)).toHaveLength(hot.input ? 1 : 0);
    expect(middlewares(procedure)).toEqual([...(hot.signedIn ? MIDDLEWARES_APPLIED_HERE.signedIn : MIDDLEWARES_APPLIED_HERE.public)]);
  });
});
