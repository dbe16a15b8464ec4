import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrollments, orders } from '../../../server/db/schema.js';
import { appStarted, headingText, signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { addLecture, createPackage, createUser, createUserWithToken, TEST_PASSWORD } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('UPI checkout, in a phone browser', () => {
  it('takes a visitor through login and payment; an admin approves; the learner plays a lecture', async () => {
    const pkg = createPackage(t.db, { name: 'Share Market Basics', pricePaise: 2_499_00 });
    addLecture(t.db, pkg.id, 0, 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    const learner = await createUser(t.db, { name: 'Asha Pawar', email: 'asha@example.com' });
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    // Someone has logged in on this phone before: Buy offers the login first (a new phone opens on sign-up).
    await page.addInitScript(() => localStorage.setItem('signedInBefore', '1'));

    await page.goto(`${t.url}/packages`);
    // The login box is the app's: before it runs, Buy is a link to sign-up (the server knows nothing of this phone's past).
    await appStarted(page);
    const card = page.getByRole('listitem').filter({ hasText: 'Share Market Basics' });
    await card.getByRole('link', { name: 'Buy Now' }).tap();
    const login = page.getByRole('dialog', { name: 'Login Required' });
    await expect.poll(() => login.isVisible()).toBe(true);
    expect(await login.getByText('Please login to proceed.').isVisible()).toBe(true);
    await login.getByRole('button', { name: 'Login and continue' }).click();
    await expect.poll(() => login.getByText('Please enter email and password.').isVisible()).toBe(true);
    await login.getByLabel('Email').fill('asha@example.com');
    await login.getByLabel('Password').fill('wrong password');
    await login.getByRole('button', { name: 'Login and continue' }).click();
    await expect.poll(() => login.getByText('Login failed. Please check your credentials.').isVisible()).toBe(true);
    await login.getByLabel('Password').fill(TEST_PASSWORD);
    await login.getByRole('button', { name: 'Login and continue' }).click();

    // Straight on to payment: the code box first, no amount before a code is applied or none chosen.
    const pay = page.getByRole('dialog', { name: 'Pay for Share Market Basics' });
    await expect.poll(() => pay.getByLabel('Have a code?').isVisible()).toBe(true);
    expect(await pay.getByText('Amount: ₹2,499').count()).toBe(0);
    expect(await pay.getByRole('img').count()).toBe(0);
    await pay.getByRole('button', { name: 'Go on without a code' }).tap();
    expect(await pay.getByText('Amount: ₹2,499').first().isVisible()).toBe(true);
    const qr = pay.getByRole('img', { name: 'QR code to pay ₹2,499 to Marathi Success by UPI' });
    await expect.poll(() => qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await pay.getByText('marathisuccess@okaxis').isVisible()).toBe(true);
    expect(await pay.getByLabel('Name').inputValue()).toBe('Asha Pawar');
    expect(await pay.getByLabel('Email').inputValue()).toBe('asha@example.com');
    // On a phone, a button opens the UPI app with the same link.
    expect(await pay.getByRole('link', { name: 'Quick way: open a UPI app on this phone' }).getAttribute('href')).toMatch(
      /^upi:\/\/pay\?pa=marathisuccess@okaxis&pn=Marathi%20Success&tr=U\d+P\d+N1&am=2499\.00&cu=INR&tn=Share%20Market%20Basics$/,
    );

    await pay.getByRole('button', { name: 'Submit Payment' }).click();
    await expect.poll(() => pay.getByText('Please fill in all required fields including transaction ID.').isVisible()).toBe(true);

    // Leaving for the UPI app and coming back after a reload: the same popup, what was typed kept.
    await pay.getByLabel('Name').fill('Asha P.');
    await expect.poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('checkout') ?? '{}') as { name?: string }).name)).toBe('Asha P.');
    await page.reload();
    const resumed = page.getByRole('dialog', { name: 'Pay for Share Market Basics' });
    await expect.poll(() => resumed.isVisible()).toBe(true);
    expect(await resumed.getByLabel('Name').inputValue()).toBe('Asha P.');

    await resumed.getByLabel('Transaction ID (UTR)').fill('5015 0125 9006');
    await resumed.getByRole('button', { name: 'Submit Payment' }).click();
    await expect.poll(() => resumed.getByText('Payment successful! Course will be added to your account.').isVisible()).toBe(true);
    expect(await resumed.getByText('We are verifying your payment with our bank.', { exact: false }).isVisible()).toBe(true);
    const order = t.db.select().from(orders).where(eq(orders.userId, learner.id)).get()!;
    expect(order).toMatchObject({ status: 'pending', utr: '501501259006', buyerName: 'Asha P.', amountPaise: 2_499_00 });

    // The order shows on the account page while it waits.
    await page.goto(`${t.url}/account`);
    await expect.poll(() => page.getByText('Being verified').isVisible()).toBe(true);

    // An admin approves it.
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const adminView = await browser.newPage({ width: 1100 });
    await signIn(adminView.context, t.url, admin.token);
    await adminView.page.goto(`${t.url}/admin/pending-orders`);
    const row = adminView.page.getByRole('listitem').filter({ hasText: '501501259006' });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.getByText('Asha Pawar', { exact: false }).isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Approve' }).click();
    const confirm = adminView.page.getByRole('dialog', { name: 'Approve this order?' });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => adminView.page.getByText('No orders are waiting. All payments are verified.').isVisible()).toBe(true);
    expect(t.db.select().from(enrollments).where(eq(enrollments.userId, learner.id)).all()).toHaveLength(1);
    await adminView.context.close();

    // The learner finds it under My Courses and plays a lecture.
    await page.goto(`${t.url}/myCourses`);
    await expect.poll(() => page.getByRole('heading', { name: 'Share Market Basics' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Start Learning' }).click();
    await page.waitForURL(`${t.url}/course-content/${pkg.id}`);
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('button', { name: /Play/ }).first().click();
    await expect.poll(() => page.locator('iframe').getAttribute('src')).toContain('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    await context.close();
  });

  it('refuses a UTR already used and says why', async () => {
    const pkg = createPackage(t.db, { name: 'Tally Basics' });
    const [first, second] = [await createUserWithToken(t.db), await createUserWithToken(t.db)];
    for (const [buyer, expected] of [
      [first, 'Payment successful! Course will be added to your account.'],
      [second, 'Payment failed. Please try again. This transaction ID (UTR) has already been used. Please check it in your UPI app.'],
    ] as const) {
      const { page, context } = await browser.newPage();
      await signIn(context, t.url, buyer.token);
      await page.goto(`${t.url}/course/${pkg.id}`);
      await expect.poll(() => headingText(page)).toBe('Tally Basics');
      // Taps before the app runs are early-taps.browser.test.ts's; here the popup is the app's.
      await appStarted(page);
      await page.getByRole('link', { name: 'Buy Now' }).click();
      const pay = page.getByRole('dialog', { name: 'Pay for Tally Basics' });
      await pay.getByRole('button', { name: 'Go on without a code' }).click();
      await pay.getByLabel('Transaction ID (UTR)').fill('123456789012');
      await pay.getByRole('button', { name: 'Submit Payment' }).click();
      await expect.poll(() => pay.getByText(expected).isVisible()).toBe(true);
      await context.close();
    }
  });

  it('shows Payment Failed! and returns to the packages', async () => {
    const buyer = await createUserWithToken(t.db);
    const { page, context } = await browser.newPage();
    await signIn(context, t.url, buyer.token);
    await page.goto(`${t.url}/failure`);
    await expect.poll(() => headingText(page)).toBe('Payment Failed!');
    await page.waitForURL(`${t.url}/packages`, { timeout: 8000 });
    await context.close();
  });

  it('completes a purchase from the saved details on /success, and refuses missing ones', async () => {
    const pkg = createPackage(t.db, { name: 'GST Basics', pricePaise: 999_00 });
    const buyer = await createUserWithToken(t.db);
    const { page, context } = await browser.newPage();
    await signIn(context, t.url, buyer.token);
    // Nothing saved on this phone: no alarm, a way on to My Courses and the packages.
    await page.goto(`${t.url}/success`);
    await expect.poll(() => page.getByText('There is no payment waiting to be sent from this phone.', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to My Courses' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'See the packages' }).isVisible()).toBe(true);

    await page.evaluate((draft) => localStorage.setItem('checkout', JSON.stringify({ ...draft, savedAt: Date.now() })), {
      userId: String(buyer.user.id),
      packageId: String(pkg.id),
      packageName: pkg.name,
      pricePaise: pkg.pricePaise,
      name: 'Ravi',
      email: buyer.user.email,
      code: '',
      codeDone: true,
      utr: '998877665544',
    });
    await page.goto(`${t.url}/success`);
    await page.waitForURL(`${t.url}/myCourses`);
    expect(t.db.select().from(orders).where(eq(orders.utr, '998877665544')).get()?.status).toBe('pending');
    await context.close();
  });

  it("on a shared phone, forgets the draft and the referral code at logout and never submits another account's draft", async () => {
    const pkg = createPackage(t.db, { name: 'Shared Phone Course', pricePaise: 1_499_00 });
    const sponsor = await createUser(t.db, { name: 'Sunil Sponsor' });
    const first = await createUser(t.db, { name: 'Asha First', email: 'asha.first@example.com' });
    const second = await createUserWithToken(t.db, { name: 'Ravi Second' });
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    await page.addInitScript(() => localStorage.setItem('signedInBefore', '1'));

    // The first person follows a referral link, signs in through Buy Now and types a UTR, then leaves.
    await page.goto(`${t.url}/packages?ref=${sponsor.referralCode}`);
    // The app's Buy (a returning visitor is asked to log in): a Buy tapped before it runs leads to sign-up.
    await appStarted(page);
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Shared Phone Course' }) })
      .getByRole('link', { name: 'Buy Now' })
      .tap();
    const login = page.getByRole('dialog', { name: 'Login Required' });
    await expect.poll(() => login.isVisible()).toBe(true);
    await login.getByLabel('Email').fill(first.email);
    await login.getByLabel('Password').fill(TEST_PASSWORD);
    await login.getByRole('button', { name: 'Login and continue' }).click();
    const pay = page.getByRole('dialog', { name: 'Pay for Shared Phone Course' });
    await expect.poll(() => pay.isVisible()).toBe(true);
    await pay.getByLabel('Transaction ID (UTR)').fill('112233445566');
    expect(await page.evaluate(() => localStorage.getItem('checkout'))).toContain('112233445566');
    expect(await page.evaluate(() => localStorage.getItem('ref'))).toBe(sponsor.referralCode);

    // They log out.
    await page.goto(`${t.url}/account`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${t.url}/login`);
    expect(await page.evaluate(() => [localStorage.getItem('checkout'), localStorage.getItem('ref')])).toEqual([null, null]);

    // A draft left by one account (an older tab, a crash before logout) is nobody else's.
    await page.evaluate((draft) => localStorage.setItem('checkout', JSON.stringify({ ...draft, savedAt: Date.now() })), {
      userId: String(first.id),
      packageId: String(pkg.id),
      packageName: pkg.name,
      pricePaise: pkg.pricePaise,
      name: 'Asha First',
      email: first.email,
      code: '',
      codeDone: true,
      utr: '112233445566',
    });
    await signIn(context, t.url, second.token);
    await page.goto(`${t.url}/success`);
    await expect.poll(() => page.getByText('There is no payment waiting to be sent from this phone.', { exact: false }).isVisible()).toBe(true);
    await page.goto(`${t.url}/packages`);
    await expect.poll(() => page.getByRole('link', { name: 'Buy Now' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(t.db.select().from(orders).where(eq(orders.utr, '112233445566')).all()).toHaveLength(0);
    await context.close();
  });
});
