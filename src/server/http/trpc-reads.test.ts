import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUserWithToken } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { TRPC_MAX_BATCH } from './trpc.plugin.js';

/**
 * The road for reads (http/trpc-reads.ts) answers as tRPC's adapter does: one app with it, one
 * without, on the same database, asked the same things. The road answers only paths the adapter
 * has answered 200 over GET, so each case asks its path once first to teach it.
 */
let light: TestApp;
let full: TestApp;
let token: string;
/** The paths of each GET the road answered itself (the light app's build option). */
const byRoad: (readonly string[])[] = [];

beforeAll(async () => {
  light = await startTestApp({ build: { trpcLightReadAnswered: (paths) => byRoad.push(paths) } });
  full = await startTestApp({ env: { DATA_DIR: light.dataDir }, build: { trpcLightReads: false } });
  await createPackage(light.db, { name: 'Gold' });
  token = (await createUserWithToken(light.db, { name: 'Asha' })).token;
});

afterAll(async () => {
  await full.close();
  await light.close();
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** One answer of `app`, and whether the road for reads gave it. */
async function ask(app: TestApp, path: string, headers: Record<string, string> = {}) {
  const before = byRoad.length;
  const response = await fetch(app.url + path, { headers });
  const answer = { status: response.status, type: response.headers.get('content-type'), vary: response.headers.get('vary'), body: await response.text() };
  return { answer, road: byRoad.length > before };
}

/** Both apps' answers, which must be the same, after a first ask of the light app to teach its road; and whether the road gave it. */
async function both(path: string, headers: Record<string, string> = {}) {
  await ask(light, path, headers);
  const [lightAsked, fullAsked] = [await ask(light, path, headers), await ask(full, path, headers)];
  expect(lightAsked.answer).toEqual(fullAsked.answer);
  return { ...lightAsked.answer, road: lightAsked.road };
}

describe('the road for reads over /trpc', () => {
  it('answers a read, batched or not, as tRPC does', async () => {
    const batched = await both(`/trpc/catalog.list?batch=1&input=${input({})}`);
    expect(batched).toMatchObject({ status: 200, road: true });
    expect(JSON.parse(batched.body)[0].result.data[0].name).toBe('Gold');
    expect(await both('/trpc/catalog.list')).toMatchObject({ status: 200, road: true });
    const me = await both(`/trpc/auth.me?batch=1&input=${input({})}`, { token });
    expect(me.road).toBe(true);
    expect(me.body).toContain('Asha');
    expect(await both(`/trpc/affiliate.leaderboard?batch=1&input=${input({ 0: { period: 'all' } })}`, { token })).toMatchObject({ status: 200, road: true });
  });

  it('answers a batch of several reads as tRPC does', async () => {
    const path = `/trpc/catalog.list,affiliate.leaderboard,auth.profile?batch=1&input=${input({ 1: { period: 'month' } })}`;
    expect(await both(path, { token })).toMatchObject({ status: 200, road: true });
  });

  it('refuses a read of a known query as tRPC does: a visitor, bad input, a mix (207)', async () => {
    await ask(light, `/trpc/auth.profile,affiliate.leaderboard?batch=1&input=${input({ 1: { period: 'all' } })}`, { token });
    expect(await both(`/trpc/auth.profile?batch=1&input=${input({})}`)).toMatchObject({ status: 401, road: true });
    const badPeriod = `/trpc/affiliate.leaderboard?batch=1&input=${input({ 0: { period: 'century' } })}`;
    expect(await both(badPeriod, { token })).toMatchObject({ status: 400, road: true });
    expect(await both(`/trpc/catalog.list,auth.profile?batch=1&input=${input({})}`)).toMatchObject({ status: 207, road: true });
  });

  it('leaves to tRPC an unknown path, a write asked by GET, a batch with a write', async () => {
    expect(await both(`/trpc/catalog.nothing?batch=1&input=${input({})}`)).toMatchObject({ status: 404, road: false });
    expect(await both(`/trpc/auth.logout?batch=1&input=${input({})}`, { token })).toMatchObject({ status: 405, road: false });
    // A write in a batch of reads: tRPC refuses the whole batch.
    expect(await both(`/trpc/catalog.list,auth.logout?batch=1&input=${input({})}`, { token })).toMatchObject({ status: 400, road: false });
  });

  it('leaves to tRPC what is not a plain read: input that is no JSON, a batch too long, a streaming client', async () => {
    await ask(light, `/trpc/affiliate.leaderboard?batch=1&input=${input({ 0: { period: 'all' } })}`, { token });
    // tRPC reads the input only when the procedure asks for it: a read that takes none answers anyway.
    expect(await both('/trpc/catalog.list?batch=1&input=%7Bnope')).toMatchObject({ status: 200, road: false });
    expect(await both('/trpc/affiliate.leaderboard?batch=1&input=%7Bnope', { token })).toMatchObject({ status: 400, road: false });
    expect(await both('/trpc/affiliate.leaderboard?batch=1&input=%5B1%5D', { token })).toMatchObject({ status: 400, road: false });
    const tooMany = Array.from({ length: TRPC_MAX_BATCH + 1 }, () => 'catalog.list').join(',');
    expect(await both(`/trpc/${tooMany}?batch=1&input=${input({})}`)).toMatchObject({ status: 400, road: false });
    const streamed = await both(`/trpc/catalog.list?batch=1&input=${input({})}`, { 'trpc-accept': 'application/jsonl' });
    expect(streamed).toMatchObject({ status: 200, road: false });
  });

  it('sends a path to tRPC until tRPC has answered it 200, then takes it itself', async () => {
    const path = `/trpc/auth.profileImage?batch=1&input=${input({})}`;
    // Refused (a visitor): tRPC answers, and a refusal teaches nothing.
    expect((await ask(light, path)).road).toBe(false);
    expect(await ask(light, path)).toMatchObject({ answer: { status: 401 }, road: false });
    // tRPC's first 200 to it makes it a known query.
    expect(await ask(light, path, { token })).toMatchObject({ answer: { status: 200 }, road: false });
    expect(await ask(light, path, { token })).toMatchObject({ answer: { status: 200 }, road: true });
    expect(await ask(light, path)).toMatchObject({ answer: { status: 401 }, road: true });
    expect(byRoad.at(-1)).toEqual(['auth.profileImage']);
    // A write asked by GET is never learned; a POST, even of a known query, is always tRPC's.
    const logout = `/trpc/auth.logout?batch=1&input=${input({})}`;
    for (let i = 0; i < 2; i++) expect(await ask(light, logout, { token })).toMatchObject({ answer: { status: 405 }, road: false });
    const before = byRoad.length;
    const posted = await fetch(`${light.url}/trpc/auth.profileImage?batch=1`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(posted.status).toBe(405);
    expect(byRoad.length).toBe(before);
  });
});
