import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lectureProgress } from '../../../server/db/schema.js';
import { fitsTheWidth, signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { addLecture, createPackage, createUserWithToken, grantPackage } from '../../../test/factories.js';
import { enableCertificates, quizWithQuestion } from '../../../test/learning.js';
import type { TestApp } from '../../../test/test-app.js';
import { lectureWatches } from '../../../server/db/schema.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('finishing a package, in Marathi at 360 px', () => {
  it('goes from the last lecture through the final quiz to the certificate and its public page', async () => {
    const pkg = createPackage(t.db, { name: 'शेअर बाजार मूलभूत' });
    const first = addLecture(t.db, pkg.id, 0);
    // The last lecture is a Google Drive video: its player cannot tell how much was watched.
    const last = addLecture(t.db, pkg.id, 1, 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/preview');
    const quiz = quizWithQuestion(t.db, pkg.id, null, 'RD आणि SIP दोन्हीमध्ये दर महिन्याला बचत होते');
    enableCertificates(t.db, pkg.id);
    const learner = await createUserWithToken(t.db, { lang: 'mr', name: 'Kiran Patil' });
    grantPackage(t.db, learner.user.id, pkg.id);
    const now = Date.now();
    t.db
      .insert(lectureWatches)
      .values({
        userId: learner.user.id,
        lectureId: first.id,
        packageId: pkg.id,
        startedAt: now,
        watchedSeconds: 600,
        durationSeconds: 600,
        doneAt: now,
        doneHow: 'watched',
        updatedAt: now,
      })
      .run();
    t.db.insert(lectureProgress).values({ userId: learner.user.id, packageId: pkg.id, lectureId: last.id, updatedAt: now }).run();
    // The last lecture was played ten minutes ago (600 s long): time enough to have watched it.
    t.db
      .insert(lectureWatches)
      .values({ userId: learner.user.id, lectureId: last.id, packageId: pkg.id, startedAt: now - 600_000, updatedAt: now - 600_000 })
      .run();

    const { context, page } = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await signIn(context, t.url, learner.token);

    // The last lecture: not ticked by itself; played long enough, it can be marked done.
    await page.goto(`${t.url}/course-content/${pkg.id}?lang=mr`);
    const parts = page.locator('.player__parts');
    await expect.poll(() => page.locator('.parts__tick--on').count()).toBe(1);
    await page.getByRole('button', { name: 'लेक्चर 2 चालू करा' }).click();
    await page.getByRole('button', { name: 'हा भाग पूर्ण झाला अशी खूण करा' }).click();
    await expect.poll(() => page.locator('.parts__tick--on').count()).toBe(2);
    expect(await parts.first().textContent()).toContain('पूर्ण');
    expect(await fitsTheWidth(page)).toBe(true);

    // The final quiz: a wrong attempt shows no right answer; a right one passes and shows them.
    await page.getByRole('link', { name: 'शेवटची क्विझ' }).click();
    // The quiz page names its package and where it stands.
    await expect.poll(() => page.getByText(`${pkg.name} · सर्व लेक्चर्सनंतर`).isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: 'क्रेडिट कार्ड बिल' }).check();
    await page.getByRole('button', { name: 'उत्तरे पाठवा' }).click();
    await expect.poll(() => page.locator('.quiz__score').textContent()).toContain('अजून उत्तीर्ण नाही');
    expect(await page.getByText('उत्तीर्ण झाल्यावर बरोबर उत्तरे दिसतील.').isVisible()).toBe(true);
    expect(await page.locator('.quiz__tag, .quiz__option--right').count()).toBe(0);
    expect(await fitsTheWidth(page)).toBe(true);
    await page.getByRole('button', { name: 'पुन्हा प्रयत्न करा' }).click();
    await page.getByRole('checkbox', { name: 'आवर्ती ठेव' }).check();
    await page.getByRole('checkbox', { name: 'म्युच्युअल फंडातील SIP' }).check();
    await page.getByRole('button', { name: 'उत्तरे पाठवा' }).click();
    await expect.poll(() => page.locator('.quiz__score').textContent()).toContain('तुम्ही उत्तीर्ण झालात');
    expect(await page.locator('.quiz__option--right').count()).toBe(2);
    // "बरोबर" (right) in green with a tick, never in the red of "चूक" (wrong).
    const verdict = await page
      .locator('.quiz__verdict--right')
      .first()
      .evaluate((element) => ({ color: getComputedStyle(element).color, icon: getComputedStyle(element, '::before').content }));
    expect(verdict.color).toBe('rgb(27, 107, 44)');
    expect(verdict.icon).toContain('✓');
    expect(await page.getByText('RD आणि SIP दोन्हीमध्ये दर महिन्याला बचत होते').isVisible()).toBe(true);
    expect(await fitsTheWidth(page)).toBe(true);
    expect(quiz.right).toHaveLength(2);

    // Back at the lectures, the certificate is ready: the name is chosen once, in Devanagari.
    await page.getByRole('link', { name: 'लेक्चर्सकडे परत' }).click();
    await page.getByRole('link', { name: 'तुमचे प्रमाणपत्र मिळवा' }).click();
    // The name field starts with the account's name; this learner writes it in Devanagari.
    await expect.poll(() => page.getByLabel('प्रमाणपत्रावरील तुमचे नाव').inputValue()).toBe('Kiran Patil');
    await page.getByLabel('प्रमाणपत्रावरील तुमचे नाव').fill('किरण पाटील');
    await page.getByRole('button', { name: 'माझे प्रमाणपत्र द्या' }).click();
    await expect.poll(() => page.locator('.certificate__number').textContent()).toMatch(/^प्रमाणपत्र क्रमांक MS-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const number = (await page.locator('.certificate__number').textContent())!.replace('प्रमाणपत्र क्रमांक ', '');
    expect(await page.getByText('प्रमाणपत्रांवरील तुमचे नाव: किरण पाटील').isVisible()).toBe(true);
    expect(await fitsTheWidth(page)).toBe(true);

    // Its PDF downloads, in Marathi, with the number and the package.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF डाउनलोड करा' }).click()]);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(number);
    expect(text).toContain('शेअर बाजार मूलभूत');
    expect(text).toContain('पाटील');

    // Its public page: valid, the name, package and date; share, LinkedIn and "learn this too".
    await page.getByRole('link', { name: 'त्याचे सार्वजनिक पेज उघडा' }).click();
    await expect.poll(() => page.locator('.certificate__status').textContent()).toBe('वैध प्रमाणपत्र');
    expect(await page.locator('.certificate__name').textContent()).toBe('किरण पाटील');
    const linkedIn = await page.getByRole('link', { name: 'LinkedIn प्रोफाइलमध्ये जोडा' }).getAttribute('href');
    expect(linkedIn).toMatch(/^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&/);
    expect(await page.getByRole('link', { name: 'WhatsApp वर शेअर करा' }).getAttribute('href')).toContain(encodeURIComponent(`/certificates/${number}`));
    expect(await fitsTheWidth(page)).toBe(true);

    // Anyone who scans the QR code sees the same, and the learner's referral link.
    const visitor = await browser.newPage({ width: 360, phone: true, locale: 'mr-IN' });
    await visitor.page.goto(`${t.url}/certificates/${number}?lang=mr`);
    await expect.poll(() => visitor.page.locator('.certificate__status').textContent()).toBe('वैध प्रमाणपत्र');
    expect(await visitor.page.locator('.certificate__package').textContent()).toBe('शेअर बाजार मूलभूत');
    const learnToo = await visitor.page.locator('.certificate__learn a').getAttribute('href');
    expect(learnToo).toBe(`${t.url}/course/${pkg.id}?ref=${learner.user.referralCode}`);
    expect(await visitor.page.getByRole('button', { name: 'PDF डाउनलोड करा' }).count()).toBe(0);
    expect(await fitsTheWidth(visitor.page)).toBe(true);
  });
});
