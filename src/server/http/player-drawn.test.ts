import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lectures } from '../db/schema.js';
import { addLecture, createPackage, createUserWithToken, grantPackage } from '../../test/factories.js';
import { call } from '../../test/learning.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The player (`/course-content/:id`) drawn by the server for a learner the procedures let watch
 * it, with its lecture list; anyone else (a visitor, a learner who has not bought the package or
 * whose access was taken back, a bad id) gets the visitor's page, which carries none of it.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

/** A package of three lectures with titles no other page shows; the last two locked by a weekly drip. */
async function lockedPackage() {
  const admin = await createUserWithToken(t.db, { role: 'admin' });
  const pkg = createPackage(t.db, { name: 'Drawn Player Course' });
  const titles = ['Ledger Secrets Opening', 'Ledger Secrets Middle', 'Ledger Secrets Closing'];
  titles.forEach((title, position) => {
    const lecture = addLecture(t.db, pkg.id, position);
    t.db.update(lectures).set({ title }).where(eq(lectures.id, lecture.id)).run();
  });
  return { admin, pkg, titles };
}

const page = (path: string, token: string | null, lang = 'en') =>
  fetch(`${t.url}${path}`, { headers: { accept: 'text/html', cookie: [`lang=${lang}`, ...(token ? [`session=${token}`] : [])].join('; ') } });

describe('the player drawn on the server', () => {
  it("draws a buyer's player with its lectures, the locked ones locked, as a personal page", async () => {
    const { admin, pkg, titles } = await lockedPackage();
    const owner = await createUserWithToken(t.db);
    grantPackage(t.db, owner.user.id, pkg.id);
    expect((await call(t, 'mutation', 'drip.set', { packageId: String(pkg.id), mode: 'weekly' }, admin.token)).status).toBe(200);

    const answer = await page(`/course-content/${pkg.id}`, owner.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const html = await answer.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="query-data"'));
    expect(root).toContain('<h1>Drawn Player Course</h1>');
    // The open lecture as the current one, the locked ones with the day they open.
    expect(root).toMatch(/<h2 id="current-part" class="player__current">Part 1 · Ledger Secrets Opening<\/h2>/);
    for (const title of titles) expect(root).toContain(title);
    expect(root.match(/parts__item--locked/g)).toHaveLength(2);
    expect(root).toContain('Opens on ');
    // The answers it was drawn with, for hydration.
    expect(html).toMatch(/<script id="query-data" type="application\/json">.*"lectures","forPackage"/s);
    // Its chunk linked beside the app's.
    expect(html).toMatch(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/player-page-[\w-]+\.js">/);
  });

  it("draws an admin's player (the procedures let admins watch)", async () => {
    const { admin, pkg, titles } = await lockedPackage();
    const answer = await page(`/course-content/${pkg.id}`, admin.token, 'mr');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(await answer.text()).toContain(titles[0]);
  });

  it('gives a visitor, a learner who has not bought it, one whose access was taken back and a bad id the visitor page, with no lecture in it', async () => {
    const { admin, pkg, titles } = await lockedPackage();
    const stranger = await createUserWithToken(t.db);
    const revoked = await createUserWithToken(t.db);
    grantPackage(t.db, revoked.user.id, pkg.id);
    const taken = await call(
      t,
      'mutation',
      'access.revoke',
      { userId: String(revoked.user.id), packageId: String(pkg.id), reason: 'Shared the login' },
      admin.token,
    );
    expect(taken.status).toBe(200);
    const visitorHtml = await (await page(`/course-content/${pkg.id}`, null)).text();

    for (const [who, path, token] of [
      ['visitor', `/course-content/${pkg.id}`, null],
      ['not bought', `/course-content/${pkg.id}`, stranger.token],
      ['taken back', `/course-content/${pkg.id}/`, revoked.token],
      ['bad id', '/course-content/not-a-number', stranger.token],
      ['no such package', '/course-content/999999', stranger.token],
    ] as const) {
      const answer = await page(path, token);
      expect({ who, status: answer.status, cacheControl: answer.headers.get('cache-control') }).toEqual({ who, status: 200, cacheControl: 'no-cache' });
      const html = await answer.text();
      for (const title of titles) expect({ who, leaks: html.includes(title) }).toEqual({ who, leaks: false });
      expect({ who, forPackage: html.includes('"forPackage"'), progress: html.includes('"ofPackage"') }).toEqual({ who, forPackage: false, progress: false });
      // Who they are is not drawn either: the page is the one every visitor gets.
      if (path === `/course-content/${pkg.id}`) expect({ who, same: html === visitorHtml }).toEqual({ who, same: true });
    }
  });
});
