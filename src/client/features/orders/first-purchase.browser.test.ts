import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { channelConsents, orders, users } from '../../../server/db/schema.js';
import { codeFrom } from '../../../test/accounts.js';
import { appStarted, signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { addLecture, createPackage, createUser, createUserWithToken } from '../../../test/factories.js';
import { waitForEmail } from '../../../test/outbox.js';
import type { TestApp } from '../../../test/test-app.js';
import enAuth from '../../locales/en/auth.json';
import mrAuth from '../../locales/mr/auth.json';
import enCatalog from '../../locales/en/catalog.json';
import mrCatalog from '../../locales/mr/catalog.json';
import enCommon from '../../locales/en/common.json';
import mrCommon from '../../locales/mr/common.json';
import enOrders from '../../locales/en/orders.json';
import mrOrders from '../../locales/mr/orders.json';
import { interpolate as fill } from '../../../shared/texts.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

const texts = {
  en: { auth: enAuth, catalog: enCatalog, common: enCommon, orders: enOrders, locale: 'en-IN' },
  mr: { auth: mrAuth, catalog: mrCatalog, common: mrCommon, orders: mrOrders, locale: 'mr-IN' },
} as const;

/**
 * What the learner does, counted: every tap (a link, a button, a box), and every field typed (each
 * at most once), apart. Arriving by the shared link counts as one tap (the link in WhatsApp).
 */
class Learner {
  taps = 0;
  readonly typed: string[] = [];
  constructor(readonly page: Page) {}
  async tap(target: Locator) {
    this.taps += 1;
    await target.tap();
  }
  async type(field: Locator, name: string, value: string) {
    this.typed.push(name);
    await field.tap();
    await field.fill(value);
  }
  async follow(url: string) {
    this.taps += 1;
    await this.page.goto(url);
  }
}

/** The phone leaves the browser for the UPI app and comes back. */
async function leaveAndComeBack(page: Page) {
  for (const state of ['hidden', 'visible']) {
    await page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      // As a browser fires it: at the document, bubbling to the window.
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    }, state);
  }
}

describe.each(['en', 'mr'] as const)('the first purchase at 360 px, in %s', (lang) => {
  const m = texts[lang];

  it("walks from a sponsor's link to the first lecture in at most 9 taps and 5 typed fields, with honest states all along", async () => {
    const suffix = lang;
    const sponsor = await createUser(t.db, { name: 'Rahul Patil', email: `rahul.${suffix}@example.com`, lang });
    const pkg = createPackage(t.db, { name: `Share Market ${suffix}`, pricePaise: 2_499_00, commissionPaise: null });
    addLecture(t.db, pkg.id, 0, 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: m.locale, chosenLanguage: lang === 'mr' ? null : 'en' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    const learner = new Learner(page);
    const email = `asha.${suffix}@example.com`;
    const utr = lang === 'en' ? '501501259006' : '502502259007';

    // The sponsor's WhatsApp link: greeted with the sponsor's name, on the page the server drew.
    await learner.follow(`${t.url}/packages?ref=${sponsor.referralCode}`);
    await expect.poll(() => page.getByText(fill(m.catalog.packages.invited, { name: 'Rahul Patil' })).isVisible()).toBe(true);

    // Buy, as soon as it shows (the drawn link or the app's button): a phone new to the site opens on sign-up.
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: pkg.name }) });
    await learner.tap(
      card
        .getByRole('link', { name: m.catalog.packages.buyNow })
        .or(card.getByRole('link', { name: m.catalog.packages.buyNow }))
        .first(),
    );
    // Sign-up names the package in its address (drawn by the server when the tap came before hydration).
    await page.waitForURL(new RegExp(`/register\\?buy=${pkg.id}(?:&|$)`));

    // The package, its price and the sponsor stay in view through sign-up and the code.
    const buying = page.getByRole('region', { name: m.auth.buying.label });
    const inView = async () => {
      await expect.poll(() => buying.getByText(pkg.name).isVisible()).toBe(true);
      expect(await buying.getByText('₹2,499').isVisible()).toBe(true);
      expect(await buying.getByText(fill(m.auth.buying.sponsor, { name: 'Rahul Patil' })).isVisible()).toBe(true);
    };
    await inView();

    // Register: three fields, once each (the WhatsApp number is optional, and left out); the browser's English bubbles never show (the form is noValidate).
    expect(await page.locator('form').getAttribute('novalidate')).not.toBeNull();
    expect(await page.getByLabel(m.common.whatsappFields.numberOptional).getAttribute('required')).toBeNull();
    expect(await page.getByRole('checkbox', { name: m.common.whatsappFields.consent }).isChecked()).toBe(false);
    await learner.type(page.getByLabel(m.auth.fields.name), 'name', 'Asha Pawar');
    await learner.type(page.getByLabel(m.auth.fields.email), 'email', email);
    await learner.type(page.getByLabel(m.auth.fields.password), 'password', 'mango-lassi-42');
    await learner.tap(page.getByRole('radio', { name: m.auth.age.adult }));
    await learner.tap(page.getByRole('checkbox', { name: new RegExp(m.auth.register.consentLink) }));
    await learner.tap(page.getByRole('button', { name: m.auth.register.submit }));

    // The emailed code; a wrong email can be changed from here. Verifying signs in and goes back to the package with the checkout open.
    await page.waitForURL(`${t.url}/verify`);
    await expect.poll(() => page.getByRole('link', { name: m.auth.verify.changeEmail }).isVisible()).toBe(true);
    await inView();
    const code = codeFrom((await waitForEmail(t.outbox, email)).text);
    // The sixth digit sends the code: no tap.
    await learner.type(page.getByLabel(m.auth.fields.code), 'code', code);
    await page.waitForURL(`${t.url}/course/${pkg.id}`);
    const pay = page.getByRole('dialog', { name: fill(m.orders.pay.title, { name: pkg.name }) });
    await expect.poll(() => pay.isVisible()).toBe(true);
    expect(await pay.getByLabel(m.orders.pay.name).inputValue()).toBe('Asha Pawar');
    expect(await pay.getByLabel(m.orders.pay.email).inputValue()).toBe(email);
    await expect.poll(() => pay.getByText(`${m.orders.pay.sponsor}: Rahul Patil`).isVisible()).toBe(true);

    // The code box comes before the amount and the QR: the sponsor's link brought their referral ID, which the box tried by itself
    // (no tap), so the amount shown with the QR is the one to pay.
    await expect.poll(() => pay.getByText(fill(m.orders.code.referral, { code: sponsor.referralCode })).isVisible()).toBe(true);
    const codeComesFirst = await pay.evaluate((dialog) => {
      const box = dialog.querySelector('.discount-code');
      const amount = dialog.querySelector('.checkout__price');
      return !!box && !!amount && (box.compareDocumentPosition(amount) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    });
    expect(codeComesFirst).toBe(true);

    // A stray tap beside the popup does not close it.
    await page.mouse.click(3, 3);
    expect(await pay.isVisible()).toBe(true);

    // To the UPI app and back: the UTR field has focus, and Paste fills it from what was copied there.
    await learner.tap(
      pay
        .getByRole('link', { name: m.orders.pay.openApp })
        .or(pay.getByRole('button', { name: m.orders.pay.saveQr }))
        .first(),
    );
    await page.evaluate((text) => navigator.clipboard.writeText(text), `UPI/${utr}/Paid to Marathi Success`);
    await leaveAndComeBack(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('utr');
    expect(await pay.getByText(m.orders.pay.back).isVisible()).toBe(true);
    expect(await pay.getByRole('button', { name: m.orders.pay.pasteLabel }).isVisible()).toBe(true);
    await learner.type(pay.getByLabel(m.orders.pay.utr), 'utr', utr);
    await learner.tap(pay.getByRole('button', { name: m.orders.pay.submit }));

    // The UTR was received and the payment is being checked: never "paid" before anyone checked the bank.
    await expect.poll(() => pay.getByText(m.orders.pay.success).isVisible()).toBe(true);
    expect(await pay.getByText(fill(m.orders.pay.verifyingHours.other, { count: 24 })).isVisible()).toBe(true);
    if (lang === 'mr') expect(await page.getByText(/पेमेंट यशस्वी|पेमेंट मिळाले/).count()).toBe(0);
    const buyer = t.db.select().from(users).where(eq(users.email, email)).get()!;
    expect(buyer.sponsorId).toBe(sponsor.id);
    const order = t.db.select().from(orders).where(eq(orders.userId, buyer.id)).get()!;
    expect(order).toMatchObject({ status: 'pending', utr, referrerId: sponsor.id });

    // Being checked, on My Packages (never "you have not bought anything") and in the menu: the UTR received, the payment not yet.
    // Looked at in another tab (not counted): the popup waits in the first.
    expect(await pay.getByRole('link', { name: m.orders.pay.myCourses }).isVisible()).toBe(true);
    {
      const page = await context.newPage();
      await page.goto(`${t.url}/myCourses`);
      const pendingText = fill(m.orders.pending.text.other, { utr, count: 24 });
      await expect.poll(() => page.getByText(pendingText).isVisible()).toBe(true);
      expect(await page.getByText(m.orders.pending.badge).first().isVisible()).toBe(true);
      if (lang === 'mr') expect(await page.getByText(/पेमेंट मिळाले/).count()).toBe(0);
      expect(await page.getByText(m.catalog.myCourses.empty).count()).toBe(0);
      await page.getByRole('button', { name: m.common.header.openMenu }).tap();
      const menu = page.getByRole('navigation', { name: m.common.nav.label });
      await expect.poll(() => menu.getByText(fill(m.common.nav.pending.one, { count: 1 })).isVisible()).toBe(true);
      expect(await menu.getByText('Asha Pawar').isVisible()).toBe(true);
      expect(await menu.getByRole('button', { name: m.common.nav.logout }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await page.close();
    }

    // An admin approves; the sponsor is emailed who bought what and the commission (10%, whole rupees).
    const adminView = await browser.newPage({ width: 1100 });
    await signIn(adminView.context, t.url, admin.token);
    await adminView.page.goto(`${t.url}/admin/pending-orders`);
    const row = adminView.page.getByRole('listitem').filter({ hasText: utr });
    await row.getByRole('button', { name: 'Approve' }).click();
    await adminView.page.getByRole('dialog', { name: 'Approve this order?' }).getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => adminView.page.getByText('No orders are waiting. All payments are verified.').isVisible()).toBe(true);
    await adminView.context.close();
    const told = await waitForEmail(t.outbox, sponsor.email, (mail) => mail.text.includes(pkg.name));
    expect(told.subject).toContain('₹250');
    expect(told.text).toContain('“Asha”');
    expect(told.text).not.toContain('Pawar');

    // Back on the popup (the phone shows it again): it has asked again, says the payment was checked, and leads to the lectures.
    await leaveAndComeBack(page);
    await expect.poll(() => pay.getByText(fill(m.orders.pay.approved, { name: pkg.name })).isVisible()).toBe(true);
    await learner.tap(pay.getByRole('link', { name: m.orders.code.startLearning }));
    await page.waitForURL(`${t.url}/course-content/${pkg.id}`);
    // The first lecture is not ticked before it is played, nor on being opened: only once it was watched.
    const play = page.getByRole('button', { name: fill(m.catalog.player.play, { number: 1 }) }).first();
    await play.waitFor();
    expect(await page.locator('.parts__tick--on').count()).toBe(0);
    await learner.tap(play);
    await expect.poll(() => page.locator('iframe').getAttribute('src')).toContain('youtube-nocookie.com/embed/aqz-KE-bpKQ');
    expect(await page.locator('.parts__tick--on').count()).toBe(0);

    // From the link to the first lecture: 9 taps (the age question's one) and 5 fields (the goal: at most 9 and 5), none typed twice.
    expect(learner.taps).toBeLessThanOrEqual(9);
    expect(learner.typed).toEqual(['name', 'email', 'password', 'code', 'utr']);
    console.log(`first purchase in ${lang}: ${learner.taps} taps, ${learner.typed.length} typed fields`);
    await context.close();
  });
});

describe('sign-up on a phone, in Marathi at 360 px', () => {
  it('takes the WhatsApp number with its own consent, and a tab killed while the code was copied comes back to the code screen', async () => {
    const { page, context } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN', chosenLanguage: null });
    const email = 'sunita.whatsapp@example.com';
    await page.goto(`${t.url}/register`);
    await page.getByLabel(mrAuth.fields.name).fill('Sunita More');
    await page.getByLabel(mrAuth.fields.email).fill(email);
    await page.getByLabel(mrAuth.fields.password).fill('mango-lassi-42');
    await page.getByRole('radio', { name: mrAuth.age.adult }).tap();
    await page.getByRole('checkbox', { name: new RegExp(mrAuth.register.consentLink) }).tap();
    // The box without a number is refused beside the number, in Marathi.
    await page.getByRole('checkbox', { name: mrCommon.whatsappFields.consent }).tap();
    await page.getByRole('button', { name: mrAuth.register.submit }).tap();
    await expect.poll(() => page.getByText(mrAuth.register.whatsappNeedsPhone).isVisible()).toBe(true);
    // A number without the box is refused beside the box: it is kept only with its consent.
    await page.getByRole('checkbox', { name: mrCommon.whatsappFields.consent }).tap();
    await page.getByLabel(mrCommon.whatsappFields.numberOptional).fill('98220 12345');
    await page.getByRole('button', { name: mrAuth.register.submit }).tap();
    await expect.poll(() => page.getByText(mrAuth.register.whatsappNeedsConsent).isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('whatsapp-consent');
    await page.getByRole('checkbox', { name: mrCommon.whatsappFields.consent }).tap();
    await page.getByRole('button', { name: mrAuth.register.submit }).tap();
    await page.waitForURL(`${t.url}/verify`);
    const code = codeFrom((await waitForEmail(t.outbox, email)).text);

    // The phone kills the tab while the code is copied from the email; the sign-up link opens a new one.
    await page.close();
    const again = await context.newPage();
    await again.goto(`${t.url}/register`);
    await again.waitForURL(`${t.url}/verify`);
    await expect.poll(() => again.getByText(email).isVisible()).toBe(true);
    await again.getByLabel(mrAuth.fields.code).fill(code);
    await again.waitForURL((url) => url.pathname !== '/verify');

    const user = t.db.select().from(users).where(eq(users.email, email)).get()!;
    // Kept for WhatsApp alone: not the account's phone, which a sponsor would see.
    expect(user).toMatchObject({ phone: null, whatsappPhone: '9822012345' });
    expect(user.whatsappOptInAt).toBeGreaterThan(0);
    expect(t.db.select().from(channelConsents).where(eq(channelConsents.userId, user.id)).all()).toEqual([
      expect.objectContaining({ channel: 'whatsapp', action: 'given', via: 'register', phone: '9822012345' }),
    ]);
    await context.close();
  });
});

describe('the payment popup on a phone', () => {
  it('Android Back closes the popup and keeps the page; a killed tab comes back with the popup and the UTR field ready', async () => {
    const pkg = createPackage(t.db, { name: 'Back Button Course', pricePaise: 999_00 });
    const buyer = await createUserWithToken(t.db, { name: 'Ravi Kale' });
    const { page, context } = await browser.newPage({ width: 360, phone: true });
    await signIn(context, t.url, buyer.token);
    await page.goto(`${t.url}/course/${pkg.id}`);
    await appStarted(page);
    await page.getByRole('link', { name: 'Buy Now' }).tap();
    const pay = page.getByRole('dialog', { name: 'Pay for Back Button Course' });
    await expect.poll(() => pay.isVisible()).toBe(true);

    await page.goBack();
    await expect.poll(() => pay.isVisible()).toBe(false);
    expect(page.url()).toBe(`${t.url}/course/${pkg.id}`);
    expect(await page.getByRole('heading', { level: 1, name: 'Back Button Course' }).isVisible()).toBe(true);

    // Open again, type a name, and the phone kills the tab while the UPI app is open.
    await page.getByRole('link', { name: 'Buy Now' }).tap();
    await expect.poll(() => pay.isVisible()).toBe(true);
    // No code: the choice is kept with the draft, so the reopened popup goes straight to the amount and the UTR.
    await pay.getByRole('button', { name: 'Go on without a code' }).tap();
    await pay.getByLabel('Name').fill('Ravi K.');
    await page.reload();
    await expect.poll(() => pay.isVisible()).toBe(true);
    expect(await pay.getByLabel('Name').inputValue()).toBe('Ravi K.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('utr');

    // A wrong UTR is said beside the field, which takes focus, and says not to pay again.
    await pay.getByLabel('Transaction ID (UTR)').fill('111111111111');
    await pay.getByRole('button', { name: 'Submit Payment' }).tap();
    const utr = pay.getByLabel('Transaction ID (UTR)');
    await expect.poll(() => utr.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('utr');
    await context.close();
  });

  it('keeps Tab inside the open menu, puts a refused login beside the password, and an error toast never follows to the next page', async () => {
    const { page, context } = await browser.newPage({ width: 360 });
    await page.goto(`${t.url}/login`);
    // A form sent before the app runs is held back (early-taps.browser.test.ts): this one is sent once it does.
    await appStarted(page);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');

    const learner = await createUserWithToken(t.db, { name: 'Meera Joshi' });
    await signIn(context, t.url, learner.token);
    await page.goto(`${t.url}/update-profile`);
    await page.getByRole('button', { name: 'Upload' }).click();
    const toastText = page.getByText('Please select an image first.');
    await expect.poll(() => toastText.isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => menu.getByText('Meera Joshi').isVisible()).toBe(true);
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#site-menu')))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#site-menu')))).toBe(true);
    await menu.getByRole('link', { name: 'Packages' }).click();
    await page.waitForURL(`${t.url}/packages`);
    await expect.poll(() => toastText.isVisible()).toBe(false);
    await context.close();
  });

  it("in Marathi, an empty required field gets the app's Marathi message, not the browser's bubble", async () => {
    const { page, context } = await browser.newPage({ width: 360, locale: 'mr-IN' });
    await page.goto(`${t.url}/forgot`);
    await page.getByRole('button', { name: mrAuth.forgot.submit }).click();
    await expect.poll(() => page.getByText(mrCommon.validation.required).isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    await context.close();
  });
});

describe('no dead ends', () => {
  it('an expired reset link offers a new one; /payment-success and /success lead to My Courses', async () => {
    const { page, context } = await browser.newPage({ width: 360, locale: 'mr-IN' });
    await page.goto(`${t.url}/reset-password/${'x'.repeat(43)}`);
    await page.getByLabel(mrAuth.fields.newPassword, { exact: true }).fill('a-new-password-7');
    await page.getByLabel(mrAuth.fields.confirmPassword).fill('a-new-password-7');
    await page.getByRole('button', { name: mrAuth.reset.submit }).click();
    await expect.poll(() => page.getByRole('heading', { name: mrAuth.reset.expiredTitle }).isVisible()).toBe(true);
    await page.getByRole('link', { name: mrAuth.reset.newLink }).click();
    await page.waitForURL(`${t.url}/forgot`);

    const buyer = await createUserWithToken(t.db);
    await signIn(context, t.url, buyer.token);
    await page.goto(`${t.url}/payment-success/999999`);
    await expect.poll(() => page.getByText(mrOrders.paymentSuccess.unknown).isVisible()).toBe(true);
    await page.getByRole('link', { name: mrOrders.paymentSuccess.myCourses }).click();
    await page.waitForURL(`${t.url}/myCourses`);
    await page.goto(`${t.url}/success`);
    await expect.poll(() => page.getByText(mrOrders.success.nothing).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: mrOrders.success.myCourses }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('the shop at 360 px', () => {
  it('shows packages with prices at home, the facts on cards and the package page, a buy bar, and the brand uncut', async () => {
    const pkg = createPackage(t.db, { name: 'Shop Window Course', pricePaise: 3_499_00 });
    addLecture(t.db, pkg.id, 0, 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    addLecture(t.db, pkg.id, 1, 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    for (const lang of ['en', 'mr'] as const) {
      const m = texts[lang];
      const { page, context } = await browser.newPage({ width: 360, phone: true, locale: m.locale, chosenLanguage: lang === 'mr' ? null : 'en' });
      await page.goto(`${t.url}/`);
      const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: pkg.name }) });
      await expect.poll(() => card.getByText('₹3,499').isVisible()).toBe(true);
      expect(await card.getByText(fill(m.catalog.packages.lectureCount.other, { count: 2 })).isVisible()).toBe(true);
      expect(await card.getByText(m.catalog.packages.lifetime).isVisible()).toBe(true);
      // The brand is never cut: its text fits its box.
      const cut = await page.locator('.header__logo span').evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect(cut).toBe(false);

      await card.getByRole('link', { name: pkg.name }).tap();
      await page.waitForURL(`${t.url}/course/${pkg.id}`);
      // The card's link may be the page the server drew: the package's page then loads afresh.
      await expect.poll(() => page.getByText(m.catalog.packages.language).first().isVisible()).toBe(true);
      const bar = page.locator('.buy-bar');
      await expect.poll(() => bar.isVisible()).toBe(true);
      const box = await bar.boundingBox();
      expect(box!.y + box!.height).toBeGreaterThan(700);
      expect(await bar.getByRole('link', { name: m.catalog.packages.buyNow }).isVisible()).toBe(true);
      await context.close();
    }
  });
});
