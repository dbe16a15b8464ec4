import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUserWithToken } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { appRouter } from '../root-router.js';
import { createReadRoad } from './trpc-reads.js';
import { createContextFactory, TRPC_MAX_BATCH } from './trpc.plugin.js';

/**
 * The road for reads (http/trpc-reads.ts) answers as tRPC's own road does: one app with it, one
 * without, on the same database, asked the same things.
 */
let light: TestApp;
let full: TestApp;
let token: string;

beforeAll(async () => {
  light = await startTestApp();
  full = await startTestApp({ env: { DATA_DIR: light.dataDir }, build: { trpcLightReads: false } });
  await createPackage(light.db, { name: 'Gold' });
  token = (await createUserWithToken(light.db, { name: 'Asha' })).token;
});

afterAll(async () => {
  await full.close();
  await light.close();
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function ask(app: TestApp, path: string, headers: Record<string, string>) {
  const response = await fetch(app.url + path, { headers });
  return { status: response.status, type: response.headers.get('content-type'), vary: response.headers.get('vary'), body: await response.text() };
}

/** Both roads' answers, which must be the same. */
async function both(path: string, headers: Record<string, string> = {}) {
  const [lightAnswer, fullAnswer] = [await ask(light, path, headers), await ask(full, path, headers)];
  expect(lightAnswer).toEqual(fullAnswer);
  return lightAnswer;
}

describe('the road for reads over /trpc', () => {
  it('answers a read, batched or not, as tRPC does', async () => {
    const batched = await both(`/trpc/catalog.list?batch=1&input=${input({})}`);
    expect(batched.status).toBe(200);
    expect(JSON.parse(batched.body)[0].result.data[0].name).toBe('Gold');
    expect((await both('/trpc/catalog.list')).status).toBe(200);
    expect((await both(`/trpc/auth.me?batch=1&input=${input({})}`, { token })).body).toContain('Asha');
    expect((await both(`/trpc/affiliate.leaderboard?batch=1&input=${input({ 0: { period: 'all' } })}`, { token })).status).toBe(200);
  });

  it('answers a batch of several reads as tRPC does, before and after it knows them all as reads', async () => {
    const path = `/trpc/catalog.list,affiliate.leaderboard,auth.profile?batch=1&input=${input({ 1: { period: 'month' } })}`;
    const first = await both(path, { token });
    expect(first.status).toBe(200);
    expect(await both(path, { token })).toEqual(first);
  });

  it('refuses as tRPC does: a visitor, bad input, a mix (207), an unknown path, a write asked by GET', async () => {
    expect((await both(`/trpc/auth.profile?batch=1&input=${input({})}`)).status).toBe(401);
    expect((await both(`/trpc/affiliate.leaderboard?batch=1&input=${input({ 0: { period: 'century' } })}`, { token })).status).toBe(400);
    expect((await both(`/trpc/catalog.list,auth.profile?batch=1&input=${input({})}`)).status).toBe(207);
    expect((await both(`/trpc/catalog.nothing?batch=1&input=${input({})}`)).status).toBe(404);
    expect((await both(`/trpc/auth.logout?batch=1&input=${input({})}`, { token })).status).toBe(405);
    // A write in a batch of reads: tRPC refuses the whole batch.
    expect((await both(`/trpc/catalog.list,auth.logout?batch=1&input=${input({})}`, { token })).status).toBe(400);
  });

  it('leaves to tRPC what is not a plain read: input that is no JSON, a batch too long, a streaming client', async () => {
    // tRPC reads the input only when the procedure asks for it: a read that takes none answers anyway.
    expect((await both('/trpc/catalog.list?batch=1&input=%7Bnope')).status).toBe(200);
    expect((await both('/trpc/affiliate.leaderboard?batch=1&input=%7Bnope', { token })).status).toBe(400);
    expect((await both('/trpc/affiliate.leaderboard?batch=1&input=%5B1%5D', { token })).status).toBe(400);
    const tooMany = Array.from({ length: TRPC_MAX_BATCH + 1 }, () => 'catalog.list').join(',');
    expect((await both(`/trpc/${tooMany}?batch=1&input=${input({})}`)).status).toBe(400);
    const streamed = await both(`/trpc/catalog.list?batch=1&input=${input({})}`, { 'trpc-accept': 'application/jsonl' });
    expect(streamed.status).toBe(200);
  });

  it('answers the reads itself, and leaves to tRPC a write, an unknown path and a batch of paths it does not know yet', async () => {
    const road = createReadRoad({ router: appRouter, createContext: createContextFactory(light.deps), maxBatchSize: TRPC_MAX_BATCH, onError: () => {} });
    const app = Fastify({ logger: false });
    app.get<{ Params: { path: string } }>('/trpc/:path', async (request, reply) =>
      (await road.answer(request, reply)) ? reply : reply.code(299).send('left'),
    );
    const asked = async (path: string) => (await app.inject({ method: 'GET', url: path, headers: { token } })).statusCode;
    expect(await asked(`/trpc/catalog.list?batch=1&input=${input({})}`)).toBe(200);
    expect(await asked(`/trpc/auth.me?batch=1&input=${input({})}`)).toBe(200);
    expect(await asked(`/trpc/auth.logout?batch=1&input=${input({})}`)).toBe(299);
    expect(await asked(`/trpc/catalog.nothing?batch=1&input=${input({})}`)).toBe(299);
    expect(await asked(`/trpc/catalog.list,auth.profile?batch=1&input=${input({})}`)).toBe(299);
    expect(await asked(`/trpc/catalog.list,auth.me?batch=1&input=${input({})}`)).toBe(200);
    await app.close();
  });
});
