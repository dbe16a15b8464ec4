import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { packages } from '../../../server/db/schema.js';
import { fitsTheWidth, signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { addLecture, createPackage, createUserWithToken, grantPackage } from '../../../test/factories.js';
import { passQuiz, quizWithQuestion, watchEveryLecture } from '../../../test/learning.js';
import type { TestApp } from '../../../test/test-app.js';
import { claimCertificate } from '../../../server/features/certificates/certificates.service.js';
import { enableCertificates } from '../../../test/learning.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('the admin sets up learning, at 360 px', () => {
  it('sets a weekly schedule, turns certificates on and writes a quiz; the learner then sees the locked part and the quiz (English)', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const pkg = createPackage(t.db, { name: 'Mutual Funds Basics' });
    addLecture(t.db, pkg.id, 0);
    addLecture(t.db, pkg.id, 1);
    const learner = await createUserWithToken(t.db);
    grantPackage(t.db, learner.user.id, pkg.id);

    const { context, page } = await browser.newPage({ width: 360 });
    await signIn(context, t.url, admin.token);
    await page.goto(`${t.url}/admin/learning?lang=en`);
    await page.getByLabel('Package', { exact: true }).selectOption(String(pkg.id));
    await page.getByLabel('One lecture a week after purchase').check();
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect.poll(() => page.getByText('Saved').first().isVisible()).toBe(true);
    // Saved as every setting here is: its form's one Save button.
    const certificates = page.getByLabel('Give a certificate to learners who finish this package (every part done, every quiz passed)');
    await expect.poll(() => certificates.isEnabled()).toBe(true);
    await certificates.check();
    await page.getByRole('button', { name: 'Save certificate setting' }).click();
    await expect.poll(() => t.db.select({ on: packages.certificates }).from(packages).where(eq(packages.id, pkg.id)).get()?.on).toBe(true);

    // A quiz after part 1, with one question in Marathi and English, two right choices.
    const partOne = page.locator('.learning-admin__quiz').filter({ hasText: 'Quiz after part 1' });
    await partOne.getByRole('button', { name: 'Add a quiz' }).click();
    await partOne.getByLabel('Question in Marathi').fill('SIP म्हणजे काय?');
    await partOne.getByLabel('Question in English').fill('What is a SIP?');
    await partOne.getByLabel('Choice 1 in English').fill('A monthly investment');
    await partOne.getByLabel('Choice 1 is right').check();
    await partOne.getByLabel('Choice 2 in English').fill('A loan');
    await partOne.getByRole('button', { name: 'Add a choice' }).click();
    await partOne.getByLabel('Choice 3 in English').fill('A plan to invest regularly');
    await partOne.getByLabel('Choice 3 is right').check();
    await partOne.getByRole('button', { name: 'Add question' }).click();
    await expect.poll(() => partOne.getByText('Questions: 1').isVisible()).toBe(true);
    expect(await partOne.locator('.learning-admin__questions strong').count()).toBe(2);
    expect(await fitsTheWidth(page)).toBe(true);

    // A typo mended in place: the form opens on the question, focused, with its texts and choices.
    await partOne.getByRole('button', { name: 'Edit question 1' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Changing question 1');
    expect(await partOne.getByLabel('Question in English').inputValue()).toBe('What is a SIP?');
    expect(await partOne.getByLabel('Choice 3 is right').isChecked()).toBe(true);
    await partOne.getByLabel('Question in English').fill('What is an SIP?');
    await partOne.getByLabel('Choice 3 is right').uncheck();
    await partOne.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => partOne.locator('.learning-admin__question').textContent()).toBe('Question 1: What is an SIP?');
    await expect.poll(() => partOne.locator('.learning-admin__questions strong').count()).toBe(1);
    expect(await partOne.getByText('Questions: 1').isVisible()).toBe(true);
    // Saved, the form adds a new question again, empty.
    expect(await partOne.getByRole('heading', { name: 'New question' }).isVisible()).toBe(true);
    expect(await partOne.getByLabel('Question in English').inputValue()).toBe('');
    // Cancel leaves the question as it was.
    await partOne.getByRole('button', { name: 'Edit question 1' }).click();
    await partOne.getByLabel('Question in English').fill('Changed my mind');
    await partOne.getByRole('button', { name: 'Cancel' }).click();
    expect(await partOne.locator('.learning-admin__question').textContent()).toBe('Question 1: What is an SIP?');

    // A second question, moved to the front: the learner is asked it first.
    await partOne.getByLabel('Question in English').fill('What is a share?');
    await partOne.getByLabel('Choice 1 in English').fill('A part of a company');
    await partOne.getByLabel('Choice 1 is right').check();
    await partOne.getByLabel('Choice 2 in English').fill('A loan');
    await partOne.getByRole('button', { name: 'Add question' }).click();
    await expect.poll(() => partOne.getByText('Questions: 2').isVisible()).toBe(true);
    expect(await partOne.getByRole('button', { name: 'Move question 1 up' }).isDisabled()).toBe(true);
    expect(await partOne.getByRole('button', { name: 'Move question 2 down' }).isDisabled()).toBe(true);
    await partOne.getByRole('button', { name: 'Move question 2 up' }).click();
    await expect
      .poll(() => partOne.locator('.learning-admin__question').allTextContents())
      .toEqual(['Question 1: What is a share?', 'Question 2: What is an SIP?']);
    expect(await fitsTheWidth(page)).toBe(true);

    // The learner: part 2 locked with its date; the quiz of part 1 offered.
    const learnerView = await browser.newPage({ width: 360 });
    await signIn(learnerView.context, t.url, learner.token);
    await learnerView.page.goto(`${t.url}/course-content/${pkg.id}?lang=en`);
    await expect.poll(() => learnerView.page.locator('.parts__item--locked').textContent()).toMatch(/Part 2.*Opens on \d{1,2} \w{3} \d{4} \(IST\)/);
    // The quizzes come by a request of their own, which may answer after the parts.
    await expect.poll(() => learnerView.page.getByRole('link', { name: 'Quiz for this part' }).isVisible()).toBe(true);
    expect(await learnerView.page.getByText(/^Part 2 opens on/).isVisible()).toBe(true);
    expect(await fitsTheWidth(learnerView.page)).toBe(true);
  });

  it('shows completion, quiz pass rates and certificates, and revokes one (Marathi)', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin' });
    const pkg = createPackage(t.db, { name: 'शेअर बाजार' });
    addLecture(t.db, pkg.id, 0);
    const quiz = quizWithQuestion(t.db, pkg.id, null);
    enableCertificates(t.db, pkg.id);
    const learner = await createUserWithToken(t.db, { name: 'Asha More' });
    grantPackage(t.db, learner.user.id, pkg.id);
    watchEveryLecture(t.db, learner.user.id, pkg.id);
    passQuiz(t.db, learner.user.id, quiz.quiz.id);
    const { number } = claimCertificate(t.deps, { id: learner.user.id, role: 'user' }, { packageId: pkg.id, name: 'आशा मोरे' });

    const { context, page } = await browser.newPage({ width: 360, locale: 'mr-IN' });
    await signIn(context, t.url, admin.token);
    await page.goto(`${t.url}/admin/progress?lang=mr`);
    const card = page.locator('.learning-admin__card').filter({ hasText: 'शेअर बाजार' }).first();
    await expect.poll(() => card.textContent()).toContain('पूर्ण केलेले: 1 (100%)');
    expect(await card.textContent()).toContain('शेवटची क्विझ: 1 पैकी 1 उत्तीर्ण (100%), 1 प्रयत्न');
    await page.getByLabel('पॅकेज', { exact: true }).selectOption(String(pkg.id));
    const row = page.locator('.learning-admin__card').filter({ hasText: number });
    // The name the learner asked to have mended: on the certificate, under the same number, at once.
    await row.getByRole('button', { name: 'नाव दुरुस्त करा' }).click();
    const name = row.getByLabel('Asha More (', { exact: false });
    expect(await name.inputValue()).toBe('आशा मोरे');
    await name.fill('आशा सुनील मोरे');
    await row.getByLabel('कारण (शिकणाऱ्याला ईमेलने कळवले जाईल)').fill('शिकणाऱ्याने विनंती केली');
    await row.getByRole('button', { name: 'नाव जतन करा' }).click();
    await expect.poll(() => row.textContent()).toContain('आशा सुनील मोरे');
    const mended = await browser.newPage({ width: 360, locale: 'mr-IN' });
    await mended.page.goto(`${t.url}/certificates/${number}?lang=mr`);
    await expect.poll(() => mended.page.getByText('आशा सुनील मोरे').first().isVisible()).toBe(true);
    await mended.context.close();

    await row.getByRole('button', { name: 'रद्द करा' }).click();
    await row.getByLabel(`${number} रद्द करण्याचे कारण`).fill('खाते शेअर केले');
    await row.getByRole('button', { name: 'प्रमाणपत्र रद्द करा' }).click();
    await expect.poll(() => row.textContent()).toContain('खाते शेअर केले');
    expect(await fitsTheWidth(page)).toBe(true);

    const visitor = await browser.newPage({ width: 360, locale: 'mr-IN' });
    await visitor.page.goto(`${t.url}/certificates/${number}?lang=mr`);
    await expect.poll(() => visitor.page.locator('.certificate__status').textContent()).toMatch(/^हे प्रमाणपत्र .+ रोजी रद्द करण्यात आले\.$/);
    expect(await visitor.page.getByText('आशा मोरे').count()).toBe(0);
  });
});
