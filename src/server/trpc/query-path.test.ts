/**
 * The light road for tRPC reads (query-path.ts, with the hot reads of hot-reads.ts) answers
 * exactly what tRPC's own Fastify adapter answers: the same status and the same body for every
 * query procedure, signed in or not, with good, missing and bad inputs, alone and batched, and for
 * requests the light road hands on (unknown procedures, input that is not JSON, mutations by GET).
 * Two apps share one database: one with the light road, one with the adapter alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLecture, createPackage, createUserWithToken, grantPackage } from '../../test/factories.js';
import { callJson, startTestApp, testClock, type TestApp } from '../../test/test-app.js';
import { allProcedures } from '../../test/trpc-http.js';

let light: TestApp;
let adapter: TestApp;
const clock = testClock();
let tokens: Record<'visitor' | 'learner' | 'admin', string | null>;
let learnerId: number;
let packageId: number;

beforeAll(async () => {
  clock.set(Date.parse('2026-11-20T10:00:00Z'));
  light = await startTestApp({ now: clock.now });
  adapter = await startTestApp({ now: clock.now, build: { db: light.db, lightQueries: false } });
  const learner = await createUserWithToken(light.db, { name: 'Asha' });
  const admin = await createUserWithToken(light.db, { name: 'Admin', role: 'admin' });
  const pkg = createPackage(light.db, { name: 'Share Market Basics' });
  addLecture(light.db, pkg.id, 0);
  grantPackage(light.db, learner.user.id, pkg.id);
  tokens = { visitor: null, learner: learner.token, admin: admin.token };
  learnerId = learner.user.id;
  packageId = pkg.id;
});

afterAll(async () => {
  await adapter?.close();
  await light?.close();
});

const queries = () =>
  Object.entries(allProcedures())
    .filter(([, type]) => type === 'query')
    .map(([path]) => path);

/** Inputs every query is tried with: none, empty, ids that exist and not, periods, pages, and wrong types. */
const inputs = (): unknown[] => [
  undefined,
  {},
  { id: String(packageId) },
  { id: '999999' },
  { packageId: String(packageId) },
  { userId: String(learnerId) },
  { userId: 'abc' },
  { period: 'week' },
  { period: 'decade' },
  { page: 1 },
  { page: 2, search: 'Asha' },
  'not an object',
  [1, 2],
];

async function both(url: string, token: string | null) {
  const options = token ? { token } : {};
  const [a, b] = await Promise.all([callJson(light.url, 'GET', url, options), callJson(adapter.url, 'GET', url, options)]);
  return { light: { status: a.status, body: a.body }, adapter: { status: b.status, body: b.body } };
}

describe('the light road for tRPC reads', () => {
  it('answers every query, alone, as the adapter does', async () => {
    let compared = 0;
    for (const path of queries()) {
      for (const input of inputs()) {
        for (const who of ['visitor', 'learner', 'admin'] as const) {
          const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
          const { light: a, adapter: b } = await both(`/trpc/${path}${query}`, tokens[who]);
          expect(a, `${path} ${JSON.stringify(input)} as ${who}`).toEqual(b);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  }, 120_000);

  it('answers batches as the adapter does, a failing call among good ones included', async () => {
    const all = queries();
    const batches: string[][] = [
      ['auth.me', 'affiliate.dashboard', 'auth.profile'],
      ['catalog.list', 'affiliate.dashboard', 'affiliate.leaderboard'],
    ];
    for (let start = 0; start < all.length; start += 3) batches.push(all.slice(start, start + 3));
    for (const who of ['visitor', 'learner', 'admin'] as const) {
      for (const paths of batches) {
        const batchInput = Object.fromEntries(paths.map((_, index) => [index, index === 1 ? { userId: String(learnerId) } : undefined]));
        const url = `/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(batchInput))}`;
        const { light: a, adapter: b } = await both(url, tokens[who]);
        expect(a, `${paths.join(',')} as ${who}`).toEqual(b);
      }
    }
  }, 120_000);

  it('hands on what it does not answer, so those answers are the adapter’s too', async () => {
    for (const url of [
      '/trpc/nothing.here',
      '/trpc/auth.me?input=%7Bnot-json',
      '/trpc/auth.me,auth.profile',
      '/trpc/auth.login?input=%7B%7D',
      `/trpc/${Array.from({ length: 40 }, () => 'auth.me').join(',')}?batch=1`,
    ]) {
      const { light: a, adapter: b } = await both(url, tokens.learner);
      expect(a, url).toEqual(b);
    }
  });
});
