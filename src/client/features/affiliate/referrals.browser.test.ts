import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema.js';
import { codeFrom } from '../../../test/accounts.js';
import { appStarted, headingText, signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { createPackage, createUserWithToken } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import type { TestApp } from '../../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('referrals, from a shared link to a payout', () => {
  it('A shares, B registers and buys, an admin approves and pays A, and A sees it all', async () => {
    createPackage(t.db, { name: 'Business Starter', pricePaise: 5_000_00, commissionPaise: 500_00 });
    const a = await createUserWithToken(t.db, { name: 'Ravi Jadhav', email: 'ravi@example.com' });
    const admin = await createUserWithToken(t.db, { role: 'admin', name: 'Meena' });

    // A copies the referral link from the account page.
    const aView = await browser.newPage({ width: 360 });
    await signIn(aView.context, t.url, a.token);
    await aView.page.goto(`${t.url}/account`);
    // The link opens in the site's language (Marathi) unless A chooses their audience's: here English.
    const linkField = aView.page.getByLabel('Referral link', { exact: true });
    expect(await linkField.inputValue()).toBe(`${t.url}/packages?ref=${a.user.referralCode}&lang=mr`);
    await aView.page.getByLabel('Language of the link').selectOption('en');
    await expect.poll(() => linkField.inputValue()).toBe(`${t.url}/packages?ref=${a.user.referralCode}&lang=en`);
    const link = await linkField.inputValue();
    expect(await aView.page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toContain(encodeURIComponent(link));

    // B opens it, registers with the emailed code (which signs them in) and buys.
    const bView = await browser.newPage({ width: 360 });
    const b = bView.page;
    await b.goto(link);
    await expect.poll(() => headingText(b)).toBe('Our Packages');
    await appStarted(b);
    await b.goto(`${t.url}/register`);
    await b.getByLabel('Name').fill('Sunita Kale');
    await b.getByLabel('Email').fill('sunita@example.com');
    await b.getByLabel('Password').fill('sunita-password-1');
    await b.getByRole('radio', { name: 'Yes, I am 18 or older' }).check();
    await b.getByRole('checkbox', { name: /privacy notice/ }).check();
    await b.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => headingText(b)).toBe('Verify your email');
    const code = codeFrom((await waitForEmail(t.outbox, 'sunita@example.com')).text);
    await b.getByLabel('6-digit code').fill(code);
    // Verified and signed in at once: on to the packages.
    await b.waitForURL(`${t.url}/packages`);
    const sunita = t.db.select().from(users).where(eq(users.email, 'sunita@example.com')).get()!;
    expect(sunita.sponsorId).toBe(a.user.id);

    await b.goto(`${t.url}/packages`);
    await appStarted(b);
    await b.getByRole('link', { name: 'Buy Now' }).click();
    const pay = b.getByRole('dialog', { name: 'Pay for Business Starter' });
    // B has a sponsor now, and the popup names them; the code box tried the sponsor's referral ID by itself (no discount).
    await expect.poll(() => pay.getByText('Your sponsor: Ravi Jadhav').isVisible()).toBe(true);
    await pay.getByLabel('Transaction ID (UTR)').fill('601601601601');
    await pay.getByRole('button', { name: 'Submit Payment' }).click();
    await expect.poll(() => pay.getByText('Payment successful! Course will be added to your account.').isVisible()).toBe(true);

    // An admin approves.
    const adminView = await browser.newPage({ width: 1100 });
    await signIn(adminView.context, t.url, admin.token);
    await adminView.page.goto(`${t.url}/admin/pending-orders`);
    const row = adminView.page.getByRole('listitem').filter({ hasText: '601601601601' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await adminView.page.getByRole('dialog', { name: 'Approve this order?' }).getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => adminView.page.getByText('No orders are waiting. All payments are verified.').isVisible()).toBe(true);

    // A's dashboard counts up to the commission, A leads the leaderboard, B is among A's affiliates.
    await aView.page.goto(`${t.url}/${a.user.id}/dashboard`);
    await expect.poll(() => headingText(aView.page)).toBe('Welcome, Ravi Jadhav!');
    // Money is written as everywhere else (₹500), and one headline says what is still to come.
    const cards = aView.page.locator('.earnings-card__amount');
    await expect.poll(() => cards.allTextContents()).toEqual(['₹500', '₹500', '₹500', '₹500']);
    const headline = aView.page.getByRole('region', { name: 'Still to come to you' });
    expect(await headline.getByText('₹500', { exact: true }).isVisible()).toBe(true);
    // The earnings history names the buyer (first name) and the package.
    await expect.poll(() => aView.page.getByRole('region', { name: 'Earnings history' }).getByText('Sunita bought Business Starter').isVisible()).toBe(true);

    await aView.page.goto(`${t.url}/leaderboard`);
    await expect.poll(() => headingText(aView.page)).toBe('Top Performers');
    const first = aView.page.locator('.leaderboard__row').first();
    // First names only, as the privacy notice says.
    await expect.poll(() => first.textContent()).toContain('Ravi (');
    expect(await first.textContent()).not.toContain('Jadhav');
    expect(await first.textContent()).toContain('₹500');
    expect(await aView.page.getByText('Your rank: 1 with ₹500').isVisible()).toBe(true);

    await aView.page.goto(`${t.url}/my-affiliates`);
    const affiliate = aView.page.getByRole('row').filter({ hasText: 'Sunita Kale' });
    // Each person with what they bought (pending payments shown too).
    await expect.poll(() => affiliate.textContent()).toBe('Sunita Kale—Business Starter Bought');

    // The admin pays A part of it from the Users screen.
    await adminView.page.goto(`${t.url}/admin/users`);
    const aRow = adminView.page.getByRole('row').filter({ hasText: 'ravi@example.com' });
    await aRow.getByRole('button', { name: 'Send earnings email' }).click();
    expect(await adminView.page.getByLabel('Email', { exact: true }).inputValue()).toBe('ravi@example.com');
    await adminView.page.getByLabel('Amount (₹)').fill('300');
    await adminView.page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => adminView.page.getByText('Email sent successfully!').isVisible()).toBe(true);
    await waitForEmail(t.outbox, 'ravi@example.com', (m) => m.subject.includes('₹300'));
    await adminView.context.close();

    await aView.page.goto(`${t.url}/${a.user.id}/dashboard`);
    await expect.poll(() => aView.page.locator('.compact-list').textContent()).toContain('₹300');
    expect(await headline.locator('.headline-balance__amount').textContent()).toBe('₹200');
    expect(await headline.getByText('Paid to you so far: ₹300.').isVisible()).toBe(true);
    await aView.context.close();
    await bView.context.close();
  });

  it("copies a referral link in the sharer's language, whose preview and page are in that language", async () => {
    const a = await createUserWithToken(t.db, { name: 'राहुल पाटील', lang: 'mr' });
    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    await signIn(context, t.url, a.token);
    await page.goto(`${t.url}/${a.user.id}/dashboard`);
    const field = page.getByLabel('रेफरल लिंक', { exact: true });
    await expect.poll(() => field.inputValue()).toBe(`${t.url}/packages?ref=${a.user.referralCode}&lang=mr`);
    await page.getByRole('button', { name: 'कॉपी करा' }).tap();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${t.url}/packages?ref=${a.user.referralCode}&lang=mr`);
    // WhatsApp's crawler asks with no language of its own: the link's decides, and the preview's address keeps it.
    const preview = await (await fetch(await field.inputValue(), { headers: { accept: 'text/html' } })).text();
    expect(preview).toContain('<html lang="mr">');
    expect(preview).toContain(`<meta property="og:url" content="${t.url}/packages?ref=${a.user.referralCode}&#38;lang=mr" />`);
    expect(preview).toContain('<meta property="og:title" content="राहुल पाटील यांनी तुम्हाला Marathi Successवर बोलावले आहे" />');
    expect(preview).toMatch(/<meta name="description" content="मराठी[^"]*" \/>/);
    await context.close();
  });

  it("does not let a user open someone else's dashboard", async () => {
    const [a, b] = [await createUserWithToken(t.db), await createUserWithToken(t.db)];
    const { page, context } = await browser.newPage();
    await signIn(context, t.url, b.token);
    await page.goto(`${t.url}/${a.user.id}/dashboard`);
    await expect.poll(() => page.getByText('You can only see your own dashboard.').isVisible()).toBe(true);
    await context.close();
  });
});

describe('the dashboard on a slow phone', () => {
  it('puts the referral link and one headline balance first, and keeps them in place while the rest arrives', async () => {
    const a = await createUserWithToken(t.db, { name: 'Ravi Jadhav' });
    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await signIn(context, t.url, a.token);
    // The earnings history answers only when the test lets it, after the page is drawn.
    let answerHistory!: () => void;
    const historyHeld = new Promise<void>((resolve) => (answerHistory = resolve));
    await context.route(/\/trpc\/[^?]*affiliate\.earningsHistory/, async (route) => {
      await historyHeld;
      await route.continue();
    });
    // Opened from `/dashboard`, the app renders it itself (the server draws `/:id/dashboard` whole,
    // history included: dashboard-drawn.browser.test.ts), so the history arrives after the rest.
    await page.goto(`${t.url}/dashboard`);
    await expect.poll(() => headingText(page)).toBe('स्वागत आहे, Ravi Jadhav!');
    const share = page.locator('.referral-share');
    const headline = page.locator('.headline-balance');
    const cards = page.locator('.earnings-cards');
    await share.waitFor();
    // On the first screen of a phone, in this order: the link, the one figure, then the four periods.
    const [shareBox, headlineBox, cardsBox] = [await share.boundingBox(), await headline.boundingBox(), await cards.boundingBox()];
    expect(shareBox!.y).toBeLessThan(headlineBox!.y);
    expect(headlineBox!.y).toBeLessThan(cardsBox!.y);
    expect(shareBox!.y).toBeLessThan(400);
    expect(await headline.locator('.headline-balance__amount').textContent()).toBe('₹0');
    // No money card stands above the link.
    expect(await page.locator('.referral-share ~ .earnings-cards, .referral-share ~ .headline-balance').count()).toBe(2);

    answerHistory();
    await expect.poll(() => page.getByRole('heading', { name: 'कमाईचा इतिहास' }).isVisible()).toBe(true);
    expect(await share.boundingBox()).toEqual(shareBox);
    await context.close();
  });
});
