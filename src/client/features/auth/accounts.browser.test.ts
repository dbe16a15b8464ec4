import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema.js';
import { codeFrom } from '../../../test/accounts.js';
import { appStarted, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { createUser } from '../../../test/factories.js';
import { makePng } from '../../../test/images.js';
import { waitForEmail } from '../../../test/outbox.js';
import type { TestApp } from '../../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('an account, in a phone browser', () => {
  it('registers with an emailed code (which signs in), sees the profile, uploads a picture and logs out', async () => {
    const sponsor = await createUser(t.db, { name: 'Ravi Jadhav', email: 'ravi@example.com', phone: '9822000000' });
    const { page, context } = await browser.newPage({ width: 360 });
    const heading = () => page.getByRole('heading', { level: 1 }).textContent();

    // A referral link remembers the sponsor on this browser.
    await page.goto(`${t.url}/packages?ref=${sponsor.referralCode}`);
    await expect.poll(heading).toBe('Our Packages');
    await appStarted(page);

    await page.goto(`${t.url}/register`);
    await expect.poll(heading).toBe('Create your account');
    await page.getByLabel('Name').fill('Asha Pawar');
    await page.getByLabel('Email').fill('asha@example.com');
    // The WhatsApp number is optional; one typed must be a whole 10-digit number.
    await page.getByLabel('WhatsApp number (optional)').fill('98765');
    await page.getByLabel('Password').fill('mango-lassi-42');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('Please enter a valid 10-digit phone number.');

    await page.getByLabel('WhatsApp number (optional)').fill('+91 98765 43210');
    // A number is kept only with its own consent: typed without the box ticked, it is refused.
    await page.getByRole('button', { name: 'Register' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('Tick the box to get updates at this number, or leave the number empty: we keep it only for these updates.');
    await page.getByRole('checkbox', { name: /I agree to get updates about my payments/ }).check();
    // "18 or older?" is asked, not assumed: nothing is chosen at first, and an answer is needed.
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('Please tell us whether you are 18 or older.');
    await page.getByRole('radio', { name: 'Yes, I am 18 or older' }).check();
    // Consent to the privacy notice is asked, not assumed: the box starts empty and is needed.
    const consent = page.getByRole('checkbox', { name: /I have read the privacy notice/ });
    expect(await consent.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('Please read the privacy notice and tick the box to agree.');
    expect(await page.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe('/privacy-policy');
    await consent.check();
    await page.getByRole('button', { name: 'Register' }).click();
    // Two argon2 hashes and an email before the code page: more than expect.poll's second on a busy machine.
    await expect.poll(heading, { timeout: 20_000 }).toBe('Verify your email');
    expect(await page.getByText('We sent a 6-digit code to asha@example.com').isVisible()).toBe(true);

    const email = await waitForEmail(t.outbox, 'asha@example.com');
    const code = codeFrom(email.text);
    // The sixth digit sends the code by itself.
    await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await expect.poll(() => page.getByText('That code is not right. You have 4 tries left.').first().isVisible()).toBe(true);

    await page.getByLabel('6-digit code').fill(code);
    // Signed in at once, and on to the packages (no login form to fill again).
    await page.waitForURL(`${t.url}/packages`);
    await expect.poll(() => page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);

    await page.goto(`${t.url}/account`);
    await expect.poll(heading).toBe('My profile');
    // The number typed at sign-up is the WhatsApp number only, never the phone a sponsor may see.
    const signedUp = t.db.select().from(users).where(eq(users.email, 'asha@example.com')).get()!;
    expect([signedUp.whatsappPhone, signedUp.phone]).toEqual(['9876543210', null]);
    // My account: the name and phone can be changed here; the menu shows the new name.
    const details = page.getByRole('region', { name: 'Change my details' });
    await details.getByLabel('Name').fill('Asha S. Pawar');
    await details.getByLabel('Phone', { exact: true }).fill('98220 12345');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect.poll(() => page.getByText('9822012345', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).getByText('Asha S. Pawar').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    const user = t.db.select().from(users).where(eq(users.email, 'asha@example.com')).get()!;
    expect(user.sponsorId).toBe(sponsor.id);
    await expect.poll(() => page.getByText('Ravi Jadhav').isVisible()).toBe(true);
    expect(await page.getByLabel('Referral link', { exact: true }).inputValue()).toBe(`${t.url}/packages?ref=${user.referralCode}&lang=mr`);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.getByText('Referral link copied!').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(`/${user.id}/dashboard`);
    expect(await page.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);

    await page.goto(`${t.url}/update-profile`);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.getByText('Please select an image first.').isVisible()).toBe(true);
    await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await makePng(900, 900) });
    expect(await page.getByRole('img', { name: 'Preview of the chosen picture' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => page.getByText('Profile image uploaded successfully!').isVisible()).toBe(true);
    await expect.poll(() => t.db.select().from(users).where(eq(users.id, user.id)).get()!.profileImage).toMatch(/\.webp$/);

    await page.goto(`${t.url}/account`);
    await expect.poll(() => page.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toMatch(/^\/uploads\/profiles\//);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${t.url}/login`);
    await expect.poll(() => page.getByText('Logged Out').isVisible()).toBe(true);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'session')).toBeUndefined();
    await page.goto(`${t.url}/account`);
    await expect.poll(heading).toBe('Login');
    await context.close();
  });

  it('shows admins their buttons, and sends a signed-in user away from the login page', async () => {
    const admin = await createUser(t.db, { role: 'admin', email: 'meena@example.com' });
    const { page, context } = await browser.newPage();
    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${t.url}/`);
    await page.goto(`${t.url}/account`);
    await expect.poll(() => page.getByRole('link', { name: 'Admin Dashboard' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Pending Orders Made' }).isVisible()).toBe(true);
    await page.goto(`${t.url}/login`);
    await page.waitForURL(`${t.url}/`);
    await context.close();
  });

  it('resets a forgotten password through the emailed link', async () => {
    await createUser(t.db, { email: 'sunita@example.com' });
    const { page, context } = await browser.newPage();
    await page.goto(`${t.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The login page also has an Email field: wait until the forgot page (its code loads on demand) is there.
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await page.getByLabel('Email').fill('sunita@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.locator('.notice').textContent()).toBe('If an account exists for this email, we have sent a link to reset the password.');
    const mail = await waitForEmail(t.outbox, 'sunita@example.com', (m) => /Reset your/.test(m.subject));
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('fresh-password-9');
    await page.getByLabel('New password again').fill('fresh-password-9');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(`${t.url}/login`);
    await page.getByLabel('Email').fill('sunita@example.com');
    await page.getByLabel('Password').fill('fresh-password-9');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${t.url}/`);
    await context.close();
  });

  it('keeps the language of a signed-in user for their emails', async () => {
    const user = await createUser(t.db, { email: 'kiran@example.com' });
    const { page, context } = await browser.newPage();
    await page.goto(`${t.url}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${t.url}/`);
    await page.getByRole('button', { name: 'मराठी' }).click();
    await expect.poll(() => t.db.select().from(users).where(eq(users.id, user.id)).get()!.lang).toBe('mr');
    await context.close();
  });
});
