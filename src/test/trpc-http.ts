import { PROCEDURES, type ProcedureKind } from './procedures.js';
import { callJson } from './test-app.js';

export type ProcedureType = ProcedureKind;

/** Every procedure of the app's router by its path (`auth.login`), with whether it is a query or a mutation (src/test/procedures.ts). */
export function allProcedures(): Readonly<Record<string, ProcedureType>> {
  return PROCEDURES;
}

/**
 * Calls one procedure over HTTP as the app's client does: a query as GET with `?input=`, a
 * mutation as a POST with a JSON body (`{}` when there is no input: tRPC wants a JSON body).
 */
export function callProcedure(
  base: string,
  path: string,
  type: ProcedureType,
  input: unknown,
  options: { token?: string | null; headers?: Record<string, string> } = {},
) {
  const common = { ...(options.token && { token: options.token }), ...(options.headers && { headers: options.headers }) };
  if (type === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return callJson(base, 'GET', `/trpc/${path}${query}`, common);
  }
  return callJson(base, 'POST', `/trpc/${path}`, { ...common, body: input === undefined ? {} : input });
}

/** A tRPC answer's data, or its error message. */
export function trpcData(body: unknown): any {
  return (body as { result?: { data?: unknown } })?.result?.data;
}
