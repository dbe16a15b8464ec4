import { describe, expect, it } from 'vitest';
import { fitsTheWidth, signIn, type TestBrowser, withAppAndBrowser } from '../../../test/browser.js';
import { createPackage, createUserWithToken, insertPendingOrder } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';

let t: TestApp;
let browser: TestBrowser;

withAppAndBrowser((app, chromium) => {
  t = app;
  browser = chromium;
});

describe('a short payment', () => {
  it('is asked for its difference by the admin (en and mr, 1280 px), paid by the learner in Marathi at 360 px with a second UTR, approved, and both UTRs are on the receipt', async () => {
    const admin = await createUserWithToken(t.db, { role: 'admin', name: 'Asha Admin' });
    const pkg = createPackage(t.db, { name: 'Share Market Basics', pricePaise: 999_00 });
    const manisha = await createUserWithToken(t.db, { name: 'Manisha Kale', lang: 'mr' });
    const ravi = await createUserWithToken(t.db, { name: 'Ravi Jadhav' });
    const firstUtr = '731245678901';
    const raviUtr = '731245678902';
    insertPendingOrder(t.db, { buyer: manisha.user, pkg, utr: firstUtr, referrerId: null });
    insertPendingOrder(t.db, { buyer: ravi.user, pkg, utr: raviUtr, referrerId: null });

    // The admin, in English on a laptop: the third decision, with the amount that arrived.
    const adminView = await browser.newPage({ width: 1280, height: 900 });
    await signIn(adminView.context, t.url, admin.token);
    const adminPage = adminView.page;
    await adminPage.goto(`${t.url}/admin/pending-orders`);
    const card = adminPage.locator('.order-card').filter({ hasText: firstUtr });
    await card.getByRole('button', { name: 'Short payment: ask for the difference' }).click();
    const dialog = adminPage.getByRole('dialog');
    expect(await dialog.textContent()).toContain(`Enter how much of ₹999 arrived with UTR ${firstUtr}.`);
    // Not below the price: refused with a reason, the dialog stays.
    await dialog.getByLabel('Amount that arrived (₹)').fill('999');
    await dialog.getByRole('button', { name: 'Short payment: ask for the difference' }).click();
    await expect
      .poll(() => adminPage.getByText("The amount that arrived must be more than ₹0 and less than the order's price.", { exact: false }).isVisible())
      .toBe(true);
    await dialog.getByLabel('Amount that arrived (₹)').fill('899');
    await dialog.getByLabel('Reason (optional, sent to the buyer)').fill('₹899 arrived, pay the remaining ₹100');
    await dialog.getByRole('button', { name: 'Short payment: ask for the difference' }).click();
    await expect.poll(() => adminPage.getByText('The buyer has been asked to pay the remaining ₹100.').isVisible()).toBe(true);
    await expect.poll(() => adminPage.locator('.order-card').filter({ hasText: firstUtr }).count()).toBe(0);
    expect(await fitsTheWidth(adminPage)).toBe(true);

    // The same in Marathi, for Ravi's order.
    const marathiAdmin = await browser.newPage({ width: 1280, height: 900, chosenLanguage: 'mr' });
    await signIn(marathiAdmin.context, t.url, admin.token);
    await marathiAdmin.page.goto(`${t.url}/admin/pending-orders?lang=mr`);
    const raviCard = marathiAdmin.page.locator('.order-card').filter({ hasText: raviUtr });
    await raviCard.getByRole('button', { name: 'कमी पेमेंट: उरलेली रक्कम मागा' }).click();
    const marathiDialog = marathiAdmin.page.getByRole('dialog');
    await marathiDialog.getByLabel('आलेली रक्कम (₹)').fill('500');
    await marathiDialog.getByRole('button', { name: 'कमी पेमेंट: उरलेली रक्कम मागा' }).click();
    await expect.poll(() => marathiAdmin.page.getByText('खरेदीदाराला उरलेले ₹499 भरायला सांगितले आहे.').isVisible()).toBe(true);
    expect(await fitsTheWidth(marathiAdmin.page)).toBe(true);

    // Manisha, in Marathi on a phone: what arrived, what remains, a QR code for exactly the rest, and its UTR.
    const learnerView = await browser.newPage({ width: 360, locale: 'mr-IN', phone: true });
    await signIn(learnerView.context, t.url, manisha.token);
    const learnerPage = learnerView.page;
    await learnerPage.goto(`${t.url}/myCourses`);
    const myCard = learnerPage.locator('.order-card').filter({ hasText: pkg.name });
    await expect.poll(() => myCard.locator('.timeline__step--current').textContent()).toContain('काही रक्कम मिळाली: उरलेली भरा');
    expect(await myCard.locator('.timeline__step--current').textContent()).toContain('₹899 arrived, pay the remaining ₹100');
    expect(await myCard.locator('.difference-payment').count()).toBe(1);
    expect(await fitsTheWidth(learnerPage)).toBe(true);
    await learnerPage.goto(`${t.url}/course/${pkg.id}`);
    const owing = learnerPage.locator('.difference-payment');
    await expect.poll(() => owing.textContent()).toContain('₹999 पैकी ₹899 मिळाले. त्याच ऑर्डरसाठी उरलेले ₹100 भरा');
    await expect.poll(() => owing.getByRole('img', { name: '₹100साठी UPI QR कोड' }).isVisible()).toBe(true);
    expect(await owing.getByRole('link', { name: 'UPI ॲपमध्ये ₹100 भरा' }).getAttribute('href')).toContain('am=100.00');
    expect(await learnerPage.getByText('आत्ताच खरेदी करा').count()).toBe(0);
    expect(await fitsTheWidth(learnerPage)).toBe(true);
    // Her first UTR again is refused; a new one is taken.
    await owing.getByLabel('₹100च्या पेमेंटचा UTR').fill(firstUtr);
    await owing.getByRole('button', { name: 'UTR पाठवा' }).click();
    await expect.poll(() => learnerPage.getByText('हा व्यवहार क्रमांक (UTR) आधीच वापरला गेला आहे', { exact: false }).first().isVisible()).toBe(true);
    const secondUtr = '731245678903';
    await owing.getByLabel('₹100च्या पेमेंटचा UTR').fill(secondUtr);
    await owing.getByRole('button', { name: 'UTR पाठवा' }).click();
    await expect.poll(() => learnerPage.getByText('UTR मिळाला. आम्ही तुमच्या उरलेल्या पेमेंटची तपासणी करत आहोत.').isVisible()).toBe(true);
    await expect.poll(() => learnerPage.locator('.difference-payment').count()).toBe(0);

    // The admin sees it back in Pending with both UTRs and their amounts, and approves it.
    await adminPage.goto(`${t.url}/admin/pending-orders`);
    const back = adminPage.locator('.order-card').filter({ hasText: secondUtr });
    await expect.poll(() => back.locator('.order-parts').textContent()).toBe(`${firstUtr}: ₹899${secondUtr}: ₹100`);
    await back.getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => adminPage.getByText("Order approved. The package is now in the buyer's account.").isVisible()).toBe(true);

    // Her receipt lists both UTRs with what each brought, and the full price paid.
    await learnerPage.goto(`${t.url}/myCourses`);
    const orderCard = learnerPage.locator('.order-card').filter({ hasText: pkg.name });
    await orderCard.getByRole('link', { name: 'पावती पहा' }).click();
    await expect.poll(() => learnerPage.locator('.receipt__payment').textContent()).toContain(`${firstUtr} (₹899), ${secondUtr} (₹100)`);
    expect(await learnerPage.locator('.receipt').textContent()).toContain('₹999');
    expect(await fitsTheWidth(learnerPage)).toBe(true);
  });
});
