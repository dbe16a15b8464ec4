import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithToken } from '../../test/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

type Answer = { status: number; body: unknown };

async function send(path: string, init: { method?: string; lang?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const response = await fetch(t.url + path, {
    method: init.method ?? 'GET',
    headers: { ...(init.lang && { 'x-lang': init.lang }), ...init.headers },
    ...(init.body !== undefined && { body: init.body }),
  });
  return { status: response.status, body: await response.json() };
}

const json = { 'content-type': 'application/json' };
const tooLarge = JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(400 * 1024) });

/** tRPC's answer to an error of the whole request: one error, its JSON-RPC code, no path. */
const trpcError = (rpcCode: number, code: string, httpStatus: number, message: string) => ({
  error: { code: rpcCode, message, data: { code, httpStatus } },
});

describe("the server's own error answers, from the catalogue in the request's language", () => {
  it('answers a body over the limit with 413: REST shape on /api, tRPC shape on /trpc', async () => {
    const rest = { method: 'POST', headers: json, body: tooLarge };
    expect(await send('/api/user/login', rest)).toEqual({
      status: 413,
      body: { success: false, code: 'TOO_LARGE', message: 'What you sent is too large.' },
    });
    expect(await send('/api/user/login', { ...rest, lang: 'mr' })).toEqual({
      status: 413,
      body: { success: false, code: 'TOO_LARGE', message: 'तुम्ही पाठवलेली माहिती खूप मोठी आहे.' },
    });
    expect(await send('/trpc/auth.login', { ...rest, lang: 'mr' })).toEqual({
      status: 413,
      body: trpcError(-32013, 'TOO_LARGE', 413, 'तुम्ही पाठवलेली माहिती खूप मोठी आहे.'),
    });
  });

  it('answers a body that is not JSON with 400, in English or Marathi', async () => {
    const broken = { method: 'POST', headers: json, body: '{"broken' };
    expect(await send('/api/user/login', broken)).toEqual({
      status: 400,
      body: { success: false, code: 'BAD_INPUT', message: 'The request could not be read. Please send valid JSON.' },
    });
    // Accept-Language is read as everywhere else in the API.
    expect(await send('/api/user/login', { ...broken, headers: { ...json, 'accept-language': 'mr-IN,mr;q=0.9' } })).toEqual({
      status: 400,
      body: { success: false, code: 'BAD_INPUT', message: 'विनंती वाचता आली नाही. कृपया योग्य JSON पाठवा.' },
    });
  });

  it('answers a body of another kind with 415, in the shape of its path', async () => {
    const xml = { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<a/>' };
    expect(await send('/api/user/login', xml)).toEqual({
      status: 415,
      body: { success: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This kind of content is not accepted here. Send JSON.' },
    });
    expect(await send('/api/user/login', { ...xml, lang: 'mr' })).toMatchObject({
      status: 415,
      body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'या प्रकारची माहिती येथे स्वीकारली जात नाही. JSON पाठवा.' },
    });
    expect(await send('/trpc/auth.login', xml)).toEqual({
      status: 415,
      body: trpcError(-32015, 'UNSUPPORTED_MEDIA_TYPE', 415, 'This kind of content is not accepted here. Send JSON.'),
    });
  });

  it('answers an unknown API path with 404, in the shape of its path', async () => {
    expect(await send('/api/no/such/call')).toEqual({ status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found.' } });
    expect(await send('/api/no/such/call', { lang: 'mr' })).toEqual({ status: 404, body: { success: false, code: 'NOT_FOUND', message: 'सापडले नाही.' } });
    expect(await send('/uploads/none.webp', { lang: 'mr' })).toEqual({ status: 404, body: { success: false, code: 'NOT_FOUND', message: 'सापडले नाही.' } });
    expect(await send('/trpc', { lang: 'mr' })).toEqual({ status: 404, body: trpcError(-32004, 'NOT_FOUND', 404, 'सापडले नाही.') });
    expect(await send('/trpc')).toEqual({ status: 404, body: trpcError(-32004, 'NOT_FOUND', 404, 'Not found.') });
  });

  it('answers a path it cannot decode with 400, in the shape of its path', async () => {
    expect(await send('/api/course/%E0%A4', { lang: 'mr' })).toEqual({
      status: 400,
      body: { success: false, code: 'BAD_INPUT', message: 'विनंती वैध नाही. कृपया भरलेली माहिती तपासा.' },
    });
    expect(await send('/trpc/%E0%A4')).toEqual({
      status: 400,
      body: trpcError(-32600, 'BAD_INPUT', 400, 'The request is not valid. Please check what you entered.'),
    });
  });

  it('refuses a cookie write from another site with 403 CROSS_SITE, in the shape of its path', async () => {
    const fromElsewhere = async (path: string, lang?: string) => {
      const { token } = await createUserWithToken(t.db);
      return send(path, {
        method: 'POST',
        ...(lang && { lang }),
        headers: { ...json, cookie: `session=${token}`, origin: 'https://evil.example' },
        body: '{}',
      });
    };
    expect(await fromElsewhere('/api/user/logout')).toEqual({
      status: 403,
      body: { success: false, code: 'CROSS_SITE', message: 'This request came from another site and was refused.' },
    });
    expect(await fromElsewhere('/api/user/logout', 'mr')).toEqual({
      status: 403,
      body: { success: false, code: 'CROSS_SITE', message: 'ही विनंती दुसऱ्या साइटवरून आली, म्हणून नाकारली.' },
    });
    expect(await fromElsewhere('/trpc/auth.logout', 'mr')).toEqual({
      status: 403,
      body: trpcError(-32003, 'CROSS_SITE', 403, 'ही विनंती दुसऱ्या साइटवरून आली, म्हणून नाकारली.'),
    });
    expect(await fromElsewhere('/trpc/auth.logout')).toEqual({
      status: 403,
      body: trpcError(-32003, 'CROSS_SITE', 403, 'This request came from another site and was refused.'),
    });
  });

  it('answers in the very shape tRPC gives an error of the whole request', async () => {
    // tRPC's own answer to a batch that is too long, for comparison: the same keys, no path.
    const paths = Array.from({ length: 11 }, () => 'catalog.list').join(',');
    const own = await send(`/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`);
    expect(own).toEqual({ status: 400, body: trpcError(-32600, 'BAD_INPUT', 400, 'The request is not valid. Please check what you entered.') });
  });
});
