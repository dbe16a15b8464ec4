import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const page = async (path: string, encoding?: string) => {
  const response = await fetch(t.url + path, { headers: { accept: 'text/html', ...(encoding && { 'accept-encoding': encoding }) } });
  expect(response.status).toBe(200);
  return response.text();
};

describe('what the server writes into the page', () => {
  it("gives a package page its own Open Graph tags, in the sharer's language", async () => {
    const pkg = createPackage(t.db, { name: 'Share Market <Basics>', description: 'Learn "trading" from the start.', pricePaise: 2_499_00 });
    const english = await page(`/course/${pkg.id}`);
    expect(english).toContain('<meta property="og:title" content="Share Market &#60;Basics&#62;" />');
    expect(english).toContain(
      '<meta property="og:description" content="₹2,499 · 0 lectures · in Marathi · lifetime access. Learn &#34;trading&#34; from the start." />',
    );
    expect(english).toContain(`<meta property="og:url" content="${t.url}/course/${pkg.id}" />`);
    expect(english).toContain('<title>Share Market &#60;Basics&#62; – Marathi Success</title>');
    const marathi = await page(`/course/${pkg.id}?lang=mr`, 'br');
    expect(marathi).toContain('₹2,499 · 0 लेक्चर्स · मराठीत · आयुष्यभर प्रवेश');
    expect(marathi).toContain('<meta property="og:locale" content="mr_IN" />');
  });

  it("greets by the sponsor's name on a referral link, and writes the catalogue into the catalogue pages", async () => {
    const sponsor = await createUser(t.db, { name: 'राहुल पाटील' });
    const pkg = createPackage(t.db, { name: 'Tally Basics' });
    const html = await page(`/packages?ref=${sponsor.referralCode}&lang=mr`);
    expect(html).toContain('<meta property="og:title" content="राहुल पाटील यांनी तुम्हाला Marathi Success वर बोलावले आहे" />');
    expect(html).toContain('<p class="invited__title">राहुल पाटील यांनी तुम्हाला बोलावले आहे</p>');
    // A card tapped before the app has started keeps the referral.
    expect(html).toContain(`<a class="package-card__link" href="/course/${pkg.id}?ref=${sponsor.referralCode}">Tally Basics</a>`);
    const data = /<script id="catalog-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!).map((item: { name: string }) => item.name)).toContain(pkg.name);
    expect(await page('/')).toContain('id="catalog-data"');
    // A new package shows at once: the pages are made again after the catalogue changes.
    createPackage(t.db, { name: 'GST Basics' });
    const { packagesOnSale } = await import('./features/catalog/catalog.service.js');
    expect(packagesOnSale(t.db).some((item) => item.name === 'GST Basics')).toBe(true);
    expect(await page('/packages')).toContain('GST Basics');
  });

  it("draws the catalogue's cards into the page before the app's code arrives, in the reader's language", async () => {
    const pkg = createPackage(t.db, { name: 'Accounts <b>for</b> shops', pricePaise: 1_499_00 });
    const english = await page('/packages');
    expect(english).toMatch(/<div id="root"><header[\s\S]*<\/header><main class="main"><div class="page"><h1>Our Packages<\/h1>/);
    expect(english).toContain(
      `<a class="package-card__link" href="/course/${pkg.id}">Accounts &#60;b&#62;for&#60;/b&#62; shops</a></h2><p class="card__price">₹1,499</p>`,
    );
    const response = await fetch(`${t.url}/packages`, { headers: { accept: 'text/html', 'accept-language': 'mr-IN,mr;q=0.9,en;q=0.8' } });
    const marathi = await response.text();
    expect(marathi).toContain('<h1>आमची पॅकेजेस</h1>');
    expect(marathi).toContain('<li>मराठीत</li><li>आयुष्यभर प्रवेश</li>');
    expect(response.headers.get('vary')).toContain('accept-language');
  });

  it('keeps "<" inside the data block from ending it', async () => {
    createPackage(t.db, { name: '</script><script>alert(1)</script>' });
    const html = await page('/packages');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('serves other pages the plain shell', async () => {
    const html = await page('/about');
    expect(html).not.toContain('og:title');
    expect(html).not.toContain('catalog-data');
  });
});
