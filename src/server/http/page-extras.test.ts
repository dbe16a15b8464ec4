import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackage, createUser } from '../../test/factories.js';
import { makePng } from '../../test/images.js';
import { saveImage } from '../lib/images.js';
import { PACKAGE_IMAGE_WIDTHS, packageImagesDir } from '../lib/uploads.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

// A reader who chose English on the site (its cookie); a `?lang=` in the path still wins.
const page = async (path: string, encoding?: string) => {
  const response = await fetch(t.url + path, { headers: { accept: 'text/html', cookie: 'lang=en', ...(encoding && { 'accept-encoding': encoding }) } });
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
    // One description: the package's own.
    expect(english.match(/<meta name="description"/g)).toHaveLength(1);
    const marathi = await page(`/course/${pkg.id}?lang=mr`, 'br');
    expect(marathi).toContain('₹2,499 · 0 लेक्चर्स · मराठीत · आयुष्यभर प्रवेश');
    expect(marathi).toContain('<meta property="og:locale" content="mr_IN" />');
    // The shared link's language stays in the address the preview names.
    expect(marathi).toContain(`<meta property="og:url" content="${t.url}/course/${pkg.id}?lang=mr" />`);
  });

  it('says one lecture, and many lectures, as each language counts', async () => {
    const one = createPackage(t.db, { name: 'One Part Course' });
    const { addLecture } = await import('../../test/factories.js');
    addLecture(t.db, one.id, 0, 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    expect(await page(`/course/${one.id}`)).toContain('₹4,999 · 1 lecture · in Marathi');
    expect(await page(`/course/${one.id}?lang=mr`)).toContain('₹4,999 · 1 लेक्चर · मराठीत');
    expect(await page('/packages?lang=mr')).toContain('<li>1 लेक्चर</li>');
  });

  it("writes the page in the reader's language: <html lang>, the title and the description", async () => {
    const marathi = await page('/about?lang=mr');
    expect(marathi).toContain('<html lang="mr">');
    expect(marathi).toContain('<title>Marathi Success – व्यवसाय आणि अर्थविषयक शिक्षण मराठीत</title>');
    expect(marathi).toMatch(/<meta name="description" content="मराठी शिकणाऱ्यांसाठी[^"]*" \/>/);
    const english = await page('/about?lang=en');
    expect(english).toContain('<html lang="en">');
    expect(english).toMatch(/<meta name="description" content="Courses in business[^"]*" \/>/);
    // No page asks for a font by itself: a phone with its own Devanagari font downloads none (fonts.css).
    expect(marathi).not.toMatch(/rel="preload"[^>]*as="font"|as="font"[^>]*rel="preload"/);
    expect(english).not.toMatch(/rel="preload"[^>]*as="font"|as="font"[^>]*rel="preload"/);
    // The app's stylesheet is in the page, its link kept but disabled (never fetched).
    expect(english).toMatch(/<\/style><link rel="stylesheet" href="\/assets\/index-[\w-]+\.css" disabled>/);
  });

  it('shows a preview picture as a JPEG of a stated size, made from the package image', async () => {
    const saved = await saveImage(await makePng(1200, 900), packageImagesDir(t.dataDir), PACKAGE_IMAGE_WIDTHS);
    const pkg = createPackage(t.db, { name: 'Pictured Course', image: saved.base });
    const html = await page(`/course/${pkg.id}`);
    const picture = /<meta property="og:image" content="([^"]+)" \/>/.exec(html)?.[1];
    expect(picture).toBe(`${t.url}/share/packages/${saved.base}.jpg`);
    expect(html).toContain('<meta property="og:image:type" content="image/jpeg" />');
    expect(html).toContain('<meta property="og:image:width" content="960" />');
    expect(html).toContain('<meta property="og:image:height" content="504" />');
    for (let ask = 0; ask < 2; ask += 1) {
      const response = await fetch(picture!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 960, height: 504 });
    }
    expect(await sharp(path.join(packageImagesDir(t.dataDir), `${saved.base}-share.jpg`)).metadata()).toMatchObject({ format: 'jpeg' });
    expect((await fetch(`${t.url}/share/packages/nobody.jpg`)).status).toBe(404);
    expect((await fetch(`${t.url}/share/packages/..%2Fapp.db`)).status).toBe(404);
  });

  it("greets by the sponsor's name on a referral link, and hands the page's reads to the browser", async () => {
    const sponsor = await createUser(t.db, { name: 'राहुल पाटील' });
    const pkg = createPackage(t.db, { name: 'Tally Basics' });
    const html = await page(`/packages?ref=${sponsor.referralCode}&lang=mr`);
    expect(html).toContain('<meta property="og:title" content="राहुल पाटील यांनी तुम्हाला Marathi Successवर बोलावले आहे" />');
    expect(html).toContain('<p class="invited__title">राहुल पाटील यांनी तुम्हाला बोलावले आहे</p>');
    // Buy, followed before the app has started, keeps the referral.
    expect(html).toContain(`href="/register?buy=${pkg.id}&amp;ref=${sponsor.referralCode}"`);
    // The answers the page was drawn with, for the browser's hydration (TanStack Query's dehydrated state).
    const data = JSON.parse(/<script id="query-data" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as {
      queries: { queryKey: unknown[]; state: { data: unknown } }[];
    };
    const answer = (path: string[]) => data.queries.find((query) => JSON.stringify(query.queryKey[0]) === JSON.stringify(path))?.state.data;
    expect((answer(['catalog', 'list']) as { name: string }[]).map((item) => item.name)).toContain(pkg.name);
    expect(answer(['auth', 'sponsorByCode'])).toMatchObject({ name: 'राहुल पाटील' });
    expect(await page('/')).toContain('id="query-data"');
    // A new package shows at once: the pages are made again after the catalogue changes.
    createPackage(t.db, { name: 'GST Basics' });
    const { packagesOnSale } = await import('../features/catalog/catalog.service.js');
    expect(packagesOnSale(t.db).some((item) => item.name === 'GST Basics')).toBe(true);
    expect(await page('/packages')).toContain('GST Basics');
  });

  it("draws the catalogue's cards with the app's own components, in the reader's language", async () => {
    const pkg = createPackage(t.db, { name: 'Accounts <b>for</b> shops', pricePaise: 1_499_00 });
    const english = await page('/packages');
    expect(english).toMatch(/<div id="root">[\s\S]*<header class="header">[\s\S]*<main id="main"[^>]*>[\s\S]*<h1>Our Packages<\/h1>/);
    expect(english).toContain(`href="/course/${pkg.id}" data-discover="true">Accounts &lt;b&gt;for&lt;/b&gt; shops</a></h2><p class="card__price">₹1,499</p>`);
    // Buy is a link to the purchase, which works before the app has run.
    expect(english).toContain(`<a href="/register?buy=${pkg.id}" class="button button--primary" data-buy="">Buy Now</a>`);
    // A new visitor, even one whose browser asks for English, gets the site's default: Marathi.
    const response = await fetch(`${t.url}/packages`, { headers: { accept: 'text/html', 'accept-language': 'en-IN,en;q=0.9' } });
    const marathi = await response.text();
    expect(marathi).toContain('<h1>आमची पॅकेजेस</h1>');
    expect(marathi).toContain('<li>मराठीत</li><li>आयुष्यभर प्रवेश</li>');
    expect(response.headers.get('vary')).toContain('cookie');
  });

  it("follows the reader's own choice of language (the app's cookie), a shared link's `?lang=` before it", async () => {
    const asked = (path: string, cookie: string) =>
      fetch(t.url + path, { headers: { accept: 'text/html', 'accept-language': 'en', cookie } }).then((r) => r.text());
    expect(await asked('/packages', 'lang=mr')).toContain('<html lang="mr">');
    expect(await asked('/packages?lang=en', 'lang=mr')).toContain('<html lang="en">');
    expect(await asked('/packages', 'lang=xx')).toContain('<html lang="mr">');
  });

  it('draws a page as a visitor sees it, whoever asks: nothing personal is ever in a page', async () => {
    const { createUserWithToken, grantPackage } = await import('../../test/factories.js');
    const pkg = createPackage(t.db, { name: 'Owned Course' });
    const buyer = await createUserWithToken(t.db, { name: 'Private Buyer' });
    grantPackage(t.db, buyer.user.id, pkg.id);
    const html = await fetch(`${t.url}/course/${pkg.id}`, { headers: { accept: 'text/html', cookie: `session=${buyer.token}; lang=en` } }).then((r) =>
      r.text(),
    );
    expect(html).not.toContain('Private Buyer');
    expect(html).toContain('"canWatch":false');
    expect(html).toContain('>Buy Now</a>');
  });

  it('keeps "<" inside the data block from ending it', async () => {
    createPackage(t.db, { name: '</script><script>alert(1)</script>' });
    const html = await page('/packages');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it("gives the player the package's name as its title; its lectures come with the session", async () => {
    const pkg = createPackage(t.db, { name: 'Player <Course>' });
    const html = await page(`/course-content/${pkg.id}`);
    expect(html).toContain('<title>Player &#60;Course&#62; – Marathi Success</title>');
    expect(html).toContain('<main id="main"');
    expect(await page('/course-content/999999')).toContain('<title>Marathi Success – learn business and finance in Marathi</title>');
  });

  it('draws the home page whole, with Buy on its cards', async () => {
    createPackage(t.db, { name: 'Home Shelf Course', pricePaise: 999_00 });
    const html = await page('/?lang=mr');
    expect(html).toContain('<h1 class="hero__title">Success<!-- --> <span lang="mr">मराठी</span></h1>');
    expect(html).toContain('<a class="button button--primary button--large" href="/packages" data-discover="true">सुरुवात करा</a>');
    expect(html).toContain('<h2 id="our-mission">आमचे ध्येय</h2>');
    // Its first six packages, each with Buy.
    expect(html.match(/<a href="\/register\?buy=\d+" class="button button--primary" data-buy="">आत्ताच खरेदी करा<\/a>/g)).toHaveLength(6);
  });

  it('draws only the public pages; the rest are drawn by the app in the browser', async () => {
    const about = await page('/about?lang=mr');
    expect(about).toMatch(/<div id="root"><.+<\/footer><\/div>/s);
    expect(about).not.toContain('og:title');
    const admin = await page('/admin/users');
    expect(admin).toContain('<div id="root"></div>');
    expect(admin).not.toContain('query-data');
  });
});
