import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../../../test/factories.js';
import { makePng } from '../../../test/images.js';
import { postForm } from '../../../test/multipart.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';
import { callProcedure } from '../../../test/trpc-http.js';
import { profileImageLimit } from './account-edit.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const upload = (token: string | null, content: Buffer | null, name = 'me.png', type = 'image/png') =>
  postForm(`${t.url}/api/image`, {}, content ? { field: 'profileImage', name, type, content } : null, token ? { token } : {});

describe('profile picture', () => {
  it('is re-encoded, served, answered by /api/profile-image, and replaces the old one', async () => {
    const { token } = await createUserWithToken(t.db);
    const first = await upload(token, await makePng(1200, 900));
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Profile image uploaded successfully!');
    // Absolute on PUBLIC_URL: the legacy client puts it straight into <img src> on its own origin.
    expect(first.body.imageUrl).toMatch(new RegExp(`^${t.url}/uploads/profiles/[0-9a-f]{24}-256\\.webp$`));

    const served = await fetch(first.body.imageUrl);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 256]);

    expect((await callJson(t.url, 'GET', '/api/profile-image', { token })).body).toEqual({ profileImage: first.body.imageUrl });

    const second = await upload(token, await makePng(300, 300));
    expect(second.status).toBe(200);
    const oldFile = path.join(t.dataDir, new URL(first.body.imageUrl).pathname.replace(/^\//, ''));
    expect(existsSync(oldFile)).toBe(false);
    expect((await callJson(t.url, 'GET', '/api/user/me', { token })).body.user.profileImage).toBe(second.body.imageUrl);
  });

  it('refuses a text file named .png', async () => {
    const { token } = await createUserWithToken(t.db);
    const answer = await upload(token, Buffer.from('definitely not a picture'), 'me.png');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'IMAGE_INVALID' });
  });

  it('refuses a file over 5 MB with 413', async () => {
    const { token } = await createUserWithToken(t.db);
    const answer = await upload(token, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('The picture must be 5 MB or smaller.');
  });

  it('asks for a picture when none is sent', async () => {
    const { token } = await createUserWithToken(t.db);
    const answer = await upload(token, null);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Please select an image first.');
  });

  it('needs a session', async () => {
    expect((await upload(null, await makePng(100, 100))).status).toBe(401);
    expect((await callJson(t.url, 'GET', '/api/profile-image')).status).toBe(401);
  });
});

describe('profile picture uploads per account', () => {
  it(`are limited to ${profileImageLimit.points} an hour per account; another account is not held up`, async () => {
    const { token } = await createUserWithToken(t.db);
    const picture = await makePng(64, 64);
    const statuses: number[] = [];
    for (let i = 0; i <= profileImageLimit.points; i += 1) statuses.push((await upload(token, picture)).status);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    const refused = await upload(token, picture);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    expect(statuses.at(-1)).toBe(429);
    const other = await createUserWithToken(t.db);
    expect((await upload(other.token, picture)).status).toBe(200);
  });
});

describe('referrer', () => {
  it('is shown to the user themselves and to admins, not to another user or a visitor', async () => {
    const sponsor = await createUserWithToken(t.db, { name: 'Ravi' });
    const learner = await createUserWithToken(t.db, { sponsorId: sponsor.user.id });
    const other = await createUserWithToken(t.db);
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const path = `/api/user/referrer/${learner.user.id}`;

    const own = await callJson(t.url, 'GET', path, { token: learner.token });
    // The sponsor's email and phone are not sent at all: the learner sees only what the sponsor shares.
    expect(own.body).toEqual({ referrer: { name: 'Ravi', email: null, contact: null } });
    expect(JSON.stringify(own.body)).not.toContain(sponsor.user.email);
    expect((await callJson(t.url, 'GET', path, { token: admin.token })).body).toEqual(own.body);
    const forbidden = await callJson(t.url, 'GET', path, { token: other.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ success: false, code: 'NOT_YOURS' });
    expect((await callJson(t.url, 'GET', path)).status).toBe(401);
    expect((await callJson(t.url, 'GET', `/api/user/referrer/${sponsor.user.id}`, { token: sponsor.token })).body).toEqual({ referrer: null });
  });

  it('sends the sponsor’s phone as a WhatsApp contact only once the sponsor turns sharing on, and never their email', async () => {
    const sponsor = await createUserWithToken(t.db, { name: 'Ravi', phone: '9876543210' });
    const learner = await createUserWithToken(t.db, { sponsorId: sponsor.user.id });
    const trpcGet = (token: string, path: string, input: unknown) => callProcedure(t.url, path, 'query', input, { token });
    const trpcCall = (token: string, path: string, input: unknown) => callProcedure(t.url, path, 'mutation', input, { token });
    const asked = async () => (await trpcGet(learner.token, 'auth.referrer', { userId: String(learner.user.id) })).body.result.data;
    expect(await asked()).toEqual({ name: 'Ravi', whatsapp: null });

    const turnedOn = await trpcCall(sponsor.token, 'auth.updateProfile', { name: 'Ravi', phone: '9876543210', shareWhatsapp: true });
    expect(turnedOn.body.result.data.user.shareWhatsapp).toBe(true);
    expect(await asked()).toEqual({ name: 'Ravi', whatsapp: '9876543210' });
    const rest = await callJson(t.url, 'GET', `/api/user/referrer/${learner.user.id}`, { token: learner.token });
    expect(rest.body).toEqual({ referrer: { name: 'Ravi', email: null, contact: '9876543210' } });
    expect(JSON.stringify(rest.body)).not.toContain(sponsor.user.email);

    // Saving the profile without the choice keeps it; turning it off hides the number again.
    await trpcCall(sponsor.token, 'auth.updateProfile', { name: 'Ravi Patil', phone: '9876543210' });
    expect(await asked()).toEqual({ name: 'Ravi Patil', whatsapp: '9876543210' });
    await trpcCall(sponsor.token, 'auth.updateProfile', { name: 'Ravi Patil', phone: '9876543210', shareWhatsapp: false });
    expect(await asked()).toEqual({ name: 'Ravi Patil', whatsapp: null });
  });

  it('answers 404 for a user that does not exist, and 400 for an id that is not one', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    expect((await callJson(t.url, 'GET', '/api/user/referrer/999999', { token: admin.token })).status).toBe(404);
    expect((await callJson(t.url, 'GET', '/api/user/referrer/abc', { token: admin.token })).status).toBe(400);
  });
});

describe('the user object', () => {
  it('marks admins and the superadmin as REST.md says', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const superadmin = await createUserWithToken(t.db, { role: 'superadmin' });
    const a = (await callJson(t.url, 'GET', '/api/user/me', { token: admin.token })).body.user;
    const s = (await callJson(t.url, 'GET', '/api/user/me', { token: superadmin.token })).body.user;
    expect([a.role, a.mainrole]).toEqual(['admin', null]);
    expect([s.role, s.mainrole]).toEqual(['admin', 'superadmin']);
  });
});
