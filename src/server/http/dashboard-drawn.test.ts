import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnCommission } from '../../test/earnings.js';
import { createUserWithToken } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * A learner's dashboard (`/:id/dashboard`) drawn by the server for a signed-in user the procedures
 * let read it (its owner, with their referral link, code and commissions; an admin, with the
 * cards), as a personal page never kept; anyone else (a visitor, another learner, a bad id) gets
 * the visitor's page, an empty root the app fills, with nothing of the dashboard in it.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

const page = (path: string, token: string | null, lang = 'en') =>
  fetch(`${t.url}${path}`, { headers: { accept: 'text/html', cookie: [`lang=${lang}`, ...(token ? [`session=${token}`] : [])].join('; ') } });

/** An affiliate with a name no other page shows, who earned ₹1,234 today through a buyer they sponsor. */
async function affiliate() {
  const admin = await createUserWithToken(t.db, { role: 'admin', name: 'Drawn Dash Admin' });
  const owner = await createUserWithToken(t.db, { name: 'Drawn Dash Owner' });
  await earnCommission(t, { earnerId: owner.user.id, adminId: admin.user.id, amountPaise: 1234_00, at: Date.now() });
  return { admin, owner };
}

describe("a learner's dashboard drawn on the server", () => {
  it('draws the owner their cards with their figures, their referral link, code and commissions, as a personal page', async () => {
    const { owner } = await affiliate();
    for (const lang of ['en', 'mr']) {
      const answer = await page(`/${owner.user.id}/dashboard`, owner.token, lang);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      const html = await answer.text();
      expect(html).toContain(`<html lang="${lang}">`);
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="query-data"'));
      expect(root).toContain('Drawn Dash Owner');
      // The cards with the real figures, not ₹0 counting up: today, this week, this month, in all (and each exact amount for screen readers).
      expect(root.match(/<span class="earnings-card__amount" aria-hidden="true">₹1,234<\/span>/g)).toHaveLength(4);
      expect(root.match(/<span class="visually-hidden">₹1,234<\/span>/g)).toHaveLength(4);
      // Their referral link, their code card and their commissions, all the page shows its owner.
      expect(root).toContain(`ref=${owner.user.referralCode}`);
      expect(root).toContain('class="referral-share"');
      expect(root).toContain('earnings-history-title');
      expect(root).not.toContain('page-spinner');
      // The answers it was drawn with, for hydration: every query the page shows.
      const data = html.slice(html.indexOf('<script id="query-data"'));
      for (const key of ['"affiliate","dashboard"', '"affiliate","earningsHistory"', '"discounts","myCode"', '"auth","me"']) expect(data).toContain(key);
      // Its chunk linked beside the app's.
      expect(html).toMatch(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/dashboard-page-[\w-]+\.js">/);
    }
  });

  it("draws an admin someone's dashboard (affiliate.dashboard lets admins read anyone's), without the owner's own parts", async () => {
    const { admin, owner } = await affiliate();
    const answer = await page(`/${owner.user.id}/dashboard`, admin.token, 'mr');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const html = await answer.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="query-data"'));
    expect(root).toContain('Drawn Dash Owner');
    expect(root).toContain('₹1,234');
    // What only the owner sees is neither drawn nor read for the admin.
    expect(root).not.toContain(owner.user.referralCode);
    expect(root).not.toContain('class="referral-share"');
    expect(html).not.toContain('"earningsHistory"');
    expect(html).not.toContain('"myCode"');
  });

  it('gives a visitor, another learner, a bad id and an unknown one the visitor page, with nothing of the dashboard in it', async () => {
    const { owner } = await affiliate();
    const other = await createUserWithToken(t.db, { name: 'Drawn Dash Other' });
    const visitorHtml = await (await page(`/${owner.user.id}/dashboard`, null)).text();
    for (const [who, path, token] of [
      ['visitor', `/${owner.user.id}/dashboard`, null],
      ['another learner', `/${owner.user.id}/dashboard`, other.token],
      ['another learner, slash', `/${owner.user.id}/dashboard/`, other.token],
      ['bad id', '/not-a-number/dashboard', other.token],
      ['no such user', '/999999/dashboard', other.token],
    ] as const) {
      const answer = await page(path, token);
      expect({ who, status: answer.status, cacheControl: answer.headers.get('cache-control') }).toEqual({ who, status: 200, cacheControl: 'no-cache' });
      const html = await answer.text();
      for (const secret of ['Drawn Dash Owner', 'Drawn Dash Other', owner.user.referralCode, '₹1,234', '123400']) {
        expect({ who, secret, leaks: html.includes(secret) }).toEqual({ who, secret, leaks: false });
      }
      expect({ who, data: html.includes('<script id="query-data"') }).toEqual({ who, data: false });
      // The root empty, as before: the app fills it in the browser (and tells them why).
      expect({ who, emptyRoot: html.includes('<div id="root"></div>') }).toEqual({ who, emptyRoot: true });
      if (path === `/${owner.user.id}/dashboard`) expect({ who, same: html === visitorHtml }).toEqual({ who, same: true });
    }
  });
});
