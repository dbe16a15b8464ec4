import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages } from '../../db/schema.js';
import { addLecture, createPackage, createUser, createUserWithToken, grantPackage, insertPendingOrder } from '../../../test/factories.js';
import { makePng, svgWithScript } from '../../../test/images.js';
import { postForm } from '../../../test/multipart.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';
import { PACKAGE_IMAGE_WIDTHS } from '../../lib/uploads.js';

let t: TestApp;
let admin: string;
let learner: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await createUserWithToken(t.db, { role: 'admin' })).token;
  // A signed-in learner who owns nothing.
  learner = (await createUserWithToken(t.db)).token;
});

afterAll(async () => {
  await t.close();
});

const png = () => makePng(1200, 800);

function newPackageForm(overrides: Record<string, string> = {}) {
  return { name: 'Share Market Basics', price: '4999', description: 'Learn how the share market works.', ...overrides };
}

async function createThroughRest(fields: Record<string, string> = {}, token = admin) {
  return postForm(`${t.url}/api/course/new`, newPackageForm(fields), { field: 'image', name: 'cover.png', type: 'image/png', content: await png() }, { token });
}

/** A package with two lectures, one YouTube and one Vimeo. */
function packageWithLectures(overrides: Parameters<typeof createPackage>[1] = {}) {
  const pkg = createPackage(t.db, overrides);
  const first = addLecture(t.db, pkg.id, 0, 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  const second = addLecture(t.db, pkg.id, 1, 'https://player.vimeo.com/video/76979871');
  return { pkg, first, second };
}

describe('POST /api/course/new', () => {
  it('creates a package from a multipart form: price in rupees, image re-encoded at each width and served', async () => {
    const answer = await createThroughRest({ tier: 'Gold', commission: '500' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      message: 'Package created.',
      course: {
        _id: expect.stringMatching(/^\d+$/),
        name: 'Share Market Basics',
        price: 4999,
        description: 'Learn how the share market works.',
        // Without a leading slash: the legacy client builds `${server}/${course.image}` (LEGACY.md).
        image: expect.stringMatching(/^uploads\/packages\/[0-9a-f]{24}-640\.webp$/),
        tier: 'Gold',
        lectureCount: 0,
      },
    });
    const row = t.db
      .select()
      .from(packages)
      .where(eq(packages.id, Number(answer.body.course._id)))
      .get()!;
    expect(row).toMatchObject({ pricePaise: 499_900, commissionPaise: 50_000, tier: 'Gold' });
    for (const width of PACKAGE_IMAGE_WIDTHS) {
      const image = await fetch(`${t.url}/uploads/packages/${row.image}-${width}.webp`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('takes rupees with paise, a tier in any case, and no commission (the site percentage)', async () => {
    const answer = await createThroughRest({ price: '1,499.50', tier: 'diamond', commission: '' });
    expect(answer.status).toBe(201);
    expect(answer.body.course).toMatchObject({ price: 1499.5, tier: 'Diamond' });
    const row = t.db
      .select()
      .from(packages)
      .where(eq(packages.id, Number(answer.body.course._id)))
      .get()!;
    expect(row).toMatchObject({ pricePaise: 149_950, commissionPaise: null });
  });

  it.each([
    ['no name', { name: '' }, 'name', 'Please enter the package name.'],
    ['no description', { description: '  ' }, 'description', 'Please enter a description.'],
    ['no price', { price: '' }, 'price', 'Please enter the price in rupees.'],
    ['a price that is not a number', { price: 'free' }, 'price', 'Please enter a price in rupees above 0, with at most two decimals.'],
    ['a price of 0', { price: '0' }, 'price', 'Please enter a price in rupees above 0, with at most two decimals.'],
    ['a negative price', { price: '-5' }, 'price', 'Please enter a price in rupees above 0, with at most two decimals.'],
    ['three decimals', { price: '10.555' }, 'price', 'Please enter a price in rupees above 0, with at most two decimals.'],
    ['commas that group nothing', { price: '1,0,0' }, 'price', 'Please enter a price in rupees above 0, with at most two decimals.'],
    ['a hexadecimal price', { price: '0x10' }, 'price', 'Please enter a price in rupees above 0, with at most two decimals.'],
    ['a price in exponent notation', { price: '1e2' }, 'price', 'Please enter a price in rupees above 0, with at most two decimals.'],
    ['an unknown tier', { tier: 'Bronze' }, 'tier', 'Please choose a tier: Beginner, Elite, Silver, Gold, Diamond or Platinum.'],
    ['a commission above the price', { commission: '5000' }, 'commission', 'Please enter the commission in rupees, from 0 up to the price.'],
  ])('refuses %s with 400 and a message for the field', async (_name, fields, field, message) => {
    const before = t.db.select().from(packages).all().length;
    const answer = await createThroughRest(fields);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'BAD_INPUT', message });
    expect(answer.body.fields[field]).toBe(message);
    expect(t.db.select().from(packages).all().length).toBe(before);
  });

  it('asks for the image when there is none, in the language of the request', async () => {
    const english = await postForm(`${t.url}/api/course/new`, newPackageForm(), null, { token: admin });
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('Please choose an image for the package.');
    const marathi = await postForm(`${t.url}/api/course/new`, newPackageForm(), null, { token: admin, 'x-lang': 'mr' });
    expect(marathi.body.message).toBe('कृपया पॅकेजसाठी फोटो निवडा.');
  });

  it('refuses a file that is not a picture, whatever its name, and stores nothing', async () => {
    const before = t.db.select().from(packages).all().length;
    const answer = await postForm(
      `${t.url}/api/course/new`,
      newPackageForm(),
      { field: 'image', name: 'cover.png', type: 'image/png', content: svgWithScript },
      { token: admin },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('IMAGE_INVALID');
    expect(t.db.select().from(packages).all().length).toBe(before);
  });

  it('answers a JSON body with 415: packages are created from a form with an image', async () => {
    const answer = await callJson(t.url, 'POST', '/api/course/new', { token: admin, body: newPackageForm() });
    expect(answer.status).toBe(415);
    expect(answer.body.success).toBe(false);
  });

  it('is for admins: a visitor gets 401 and a learner 403', async () => {
    const visitor = await postForm(`${t.url}/api/course/new`, newPackageForm(), { field: 'image', name: 'a.png', type: 'image/png', content: await png() });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const user = await createThroughRest({}, learner);
    expect(user.status).toBe(403);
    expect(user.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('cannot be done through the JSON API, which has no way to carry the image', async () => {
    const response = await fetch(`${t.url}/trpc/catalog.create`, {
      method: 'POST',
      headers: { token: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ ...newPackageForm(), image: 'aGVsbG8=' }),
    });
    expect(response.status).toBe(400);
  });
});

describe('reading the catalogue', () => {
  it('lists packages on sale in REST.md shapes at /api/course/all and /api/getAllCourses', async () => {
    const pkg = createPackage(t.db, { name: 'Tally for Shops', pricePaise: 100_000_00, tier: 'Silver', image: 'abc123' });
    addLecture(t.db, pkg.id, 0);
    const archived = createPackage(t.db, { name: 'Old Package', archivedAt: Date.now() });

    const all = await callJson(t.url, 'GET', '/api/course/all');
    expect(all.status).toBe(200);
    const listed = all.body.courses.find((course: { _id: string }) => course._id === String(pkg.id));
    expect(listed).toEqual({
      _id: String(pkg.id),
      name: 'Tally for Shops',
      price: 100000,
      description: pkg.description,
      // REST.md allows either reading; the legacy client's `${server}/${course.image}` wins: no leading slash.
      image: 'uploads/packages/abc123-640.webp',
      tier: 'Silver',
      lectureCount: 1,
    });
    expect(all.body.courses.map((course: { _id: string }) => course._id)).not.toContain(String(archived.id));

    const getAll = await callJson(t.url, 'GET', '/api/getAllCourses');
    expect(getAll.status).toBe(200);
    expect(getAll.body).toEqual({ course: all.body.courses });
  });

  it('shows a new package, a changed lecture count and a removal at once, REST and tRPC alike', async () => {
    const names = async () => {
      const rest = await callJson(t.url, 'GET', '/api/course/all');
      const trpc = await callJson(t.url, 'GET', '/trpc/catalog.list');
      const restNames = rest.body.courses.map((course: { name: string; lectureCount: number }) => `${course.name}:${course.lectureCount}`);
      expect(trpc.body.result.data.map((view: { name: string; lectureCount: number }) => `${view.name}:${view.lectureCount}`)).toEqual(restNames);
      return restNames as string[];
    };
    const before = await names();
    const created = await createThroughRest({ name: 'Fresh Package' });
    expect(created.status).toBe(201);
    const id = created.body.course._id as string;
    expect(await names()).toEqual([...before, 'Fresh Package:0']);
    expect((await callJson(t.url, 'POST', `/api/course/${id}/lecture`, { token: admin, body: { video: 'https://youtu.be/dQw4w9WgXcQ' } })).status).toBe(201);
    expect(await names()).toContain('Fresh Package:1');
    expect((await callJson(t.url, 'DELETE', `/api/course/${id}`, { token: admin })).status).toBe(200);
    expect(await names()).toEqual(before);
  });

  it('gives /api/course/{id} to anyone, without lectures for a visitor or a learner who has not bought it', async () => {
    const { pkg } = packageWithLectures({ name: 'Digital Marketing' });
    for (const token of [undefined, learner]) {
      const answer = await callJson(t.url, 'GET', `/api/course/${pkg.id}`, { token });
      expect(answer.status).toBe(200);
      expect(answer.body.course).toMatchObject({ _id: String(pkg.id), name: 'Digital Marketing', lectureCount: 2, image: null });
      expect(answer.body.course).not.toHaveProperty('lectures');
    }
  });

  it('adds course.lectures, in order, for a buyer and for an admin', async () => {
    const { pkg, first, second } = packageWithLectures();
    const { token: buyer, user } = await createUserWithToken(t.db);
    grantPackage(t.db, user.id, pkg.id);
    for (const token of [buyer, admin]) {
      const answer = await callJson(t.url, 'GET', `/api/course/${pkg.id}`, { token });
      expect(answer.status).toBe(200);
      expect(answer.body.course.lectures).toEqual([
        { _id: String(first.id), title: 'Part 1', video: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
        { _id: String(second.id), title: 'Part 2', video: 'https://player.vimeo.com/video/76979871' },
      ]);
    }
  });

  it('answers 404 for an unknown package and 400 for an id that is not one', async () => {
    expect((await callJson(t.url, 'GET', '/api/course/999999')).status).toBe(404);
    const bad = await callJson(t.url, 'GET', '/api/course/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('This id is not valid.');
  });

  it("gives /api/mycourse the learner's own packages twice, archived ones included; a visitor gets 401", async () => {
    const { token, user } = await createUserWithToken(t.db);
    const owned = createPackage(t.db, { name: 'Owned' });
    const ownedArchived = createPackage(t.db, { name: 'Owned, archived', archivedAt: Date.now() });
    createPackage(t.db, { name: 'Not owned' });
    grantPackage(t.db, user.id, owned.id);
    grantPackage(t.db, user.id, ownedArchived.id);

    const answer = await callJson(t.url, 'GET', '/api/mycourse', { token });
    expect(answer.status).toBe(200);
    expect(answer.body.courses.map((course: { name: string }) => course.name)).toEqual(['Owned', 'Owned, archived']);
    expect(answer.body.purchasedCourses).toEqual(answer.body.courses);

    const none = await callJson(t.url, 'GET', '/api/mycourse', { token: learner });
    expect(none.body).toEqual({ courses: [], purchasedCourses: [] });
    expect((await callJson(t.url, 'GET', '/api/mycourse')).status).toBe(401);
  });

  it('gives /api/getlecturesByCourseId to buyers and admins only', async () => {
    const { pkg, first } = packageWithLectures();
    const { token: buyer, user } = await createUserWithToken(t.db);
    grantPackage(t.db, user.id, pkg.id);

    const visitor = await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${pkg.id}`);
    expect(visitor.status).toBe(401);
    const stranger = await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${pkg.id}`, { token: learner });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({
      success: false,
      code: 'NOT_BOUGHT',
      message: 'Only learners who bought this package can watch its lectures.',
    });
    for (const token of [buyer, admin]) {
      const answer = await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${pkg.id}`, { token });
      expect(answer.status).toBe(200);
      expect(answer.body.lectures).toHaveLength(2);
      expect(answer.body.lectures[0]).toEqual({ _id: String(first.id), title: 'Part 1', video: first.videoUrl });
    }
    expect((await callJson(t.url, 'GET', '/api/getlecturesByCourseId/999999', { token: admin })).status).toBe(404);
  });
});

describe('no answer to anyone but a buyer or an admin carries a lecture link', () => {
  it('holds for every catalogue call, REST and tRPC, for a visitor and for a learner who has not bought', async () => {
    const { pkg, first } = packageWithLectures({ name: 'Secret Lectures' });
    const archivedOne = packageWithLectures({ name: 'Archived Lectures', archivedAt: Date.now() });
    const { token: otherBuyer, user } = await createUserWithToken(t.db);
    grantPackage(t.db, user.id, pkg.id);
    // Sanity: the buyer does get the links through these very calls.
    expect((await callJson(t.url, 'GET', `/api/course/${pkg.id}`, { token: otherBuyer })).body.course.lectures).toHaveLength(2);

    const links = /youtube|vimeo|drive\.google|embed/i;
    const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
    for (const token of [undefined, learner]) {
      const calls = [
        '/api/course/all',
        '/api/getAllCourses',
        `/api/course/${pkg.id}`,
        `/api/course/${archivedOne.pkg.id}`,
        '/api/mycourse',
        `/api/getlecturesByCourseId/${pkg.id}`,
        `/api/getlecturesByCourseId/${archivedOne.pkg.id}`,
        '/trpc/catalog.list',
        `/trpc/catalog.byId?input=${input({ id: String(pkg.id) })}`,
        `/trpc/catalog.byId?input=${input({ id: String(archivedOne.pkg.id) })}`,
        '/trpc/catalog.mine',
        '/trpc/catalog.adminList',
        `/trpc/lectures.forPackage?input=${input({ packageId: String(pkg.id) })}`,
      ];
      for (const url of calls) {
        const answer = await callJson(t.url, 'GET', url, { token });
        expect(JSON.stringify(answer.body), `${url} as ${token ? 'a learner' : 'a visitor'}`).not.toMatch(links);
      }
      // The titles are public; the link is not.
      const page = await callJson(t.url, 'GET', `/trpc/catalog.byId?input=${input({ id: String(pkg.id) })}`, { token });
      expect(page.body.result.data).toMatchObject({
        canWatch: false,
        lectures: null,
        outline: [{ id: String(first.id), title: 'Part 1' }, { title: 'Part 2' }],
      });
    }
  });
});

describe('DELETE /api/course/{id}', () => {
  it('removes a package nobody bought, with its lectures and image files', async () => {
    const created = await createThroughRest({ name: 'To be removed' });
    const id = created.body.course._id as string;
    const image = t.db
      .select()
      .from(packages)
      .where(eq(packages.id, Number(id)))
      .get()!.image!;
    await callJson(t.url, 'POST', `/api/course/${id}/lecture`, { token: admin, body: { video: 'https://youtu.be/dQw4w9WgXcQ' } });

    const answer = await callJson(t.url, 'DELETE', `/api/course/${id}`, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'Package deleted.' });
    expect(
      t.db
        .select()
        .from(packages)
        .where(eq(packages.id, Number(id)))
        .get(),
    ).toBeUndefined();
    expect((await callJson(t.url, 'GET', `/api/course/${id}`, { token: admin })).status).toBe(404);
    for (const width of PACKAGE_IMAGE_WIDTHS) {
      expect(existsSync(path.join(t.dataDir, 'uploads', 'packages', `${image}-${width}.webp`))).toBe(false);
    }
  });

  it('archives a package someone bought: it leaves the catalogue, its buyer keeps it and its lectures', async () => {
    const { pkg } = packageWithLectures({ name: 'Bought Package' });
    const { token: buyer, user } = await createUserWithToken(t.db);
    grantPackage(t.db, user.id, pkg.id);

    const answer = await callJson(t.url, 'DELETE', `/api/course/${pkg.id}`, { token: admin, headers: { 'x-lang': 'mr' } });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('पॅकेज कॅटलॉगमधून काढले. ज्यांनी ते विकत घेतले आहे त्यांच्याकडे ते राहील.');
    expect(t.db.select().from(packages).where(eq(packages.id, pkg.id)).get()!.archivedAt).not.toBeNull();

    const catalogue = await callJson(t.url, 'GET', '/api/course/all');
    expect(catalogue.body.courses.map((course: { _id: string }) => course._id)).not.toContain(String(pkg.id));
    expect((await callJson(t.url, 'GET', `/api/course/${pkg.id}`)).status).toBe(404);
    expect((await callJson(t.url, 'GET', `/api/course/${pkg.id}`, { token: learner })).status).toBe(404);

    const mine = await callJson(t.url, 'GET', '/api/mycourse', { token: buyer });
    expect(mine.body.courses.map((course: { _id: string }) => course._id)).toContain(String(pkg.id));
    const page = await callJson(t.url, 'GET', `/api/course/${pkg.id}`, { token: buyer });
    expect(page.body.course.lectures).toHaveLength(2);
    expect((await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${pkg.id}`, { token: buyer })).body.lectures).toHaveLength(2);

    // Already gone from the catalogue: a second delete finds nothing.
    expect((await callJson(t.url, 'DELETE', `/api/course/${pkg.id}`, { token: admin })).status).toBe(404);
  });

  it('archives a package that only has an order so far, which keeps pointing at it', async () => {
    const pkg = createPackage(t.db);
    const buyer = await createUser(t.db);
    insertPendingOrder(t.db, { buyer, pkg, utr: '123456789012' });
    const answer = await callJson(t.url, 'DELETE', `/api/course/${pkg.id}`, { token: admin });
    expect(answer.body.message).toBe('Package removed from the catalogue. Learners who bought it keep it.');
    expect(t.db.select().from(packages).where(eq(packages.id, pkg.id)).get()!.archivedAt).not.toBeNull();
  });

  it('is for admins: visitor 401, learner 403, and the package stays', async () => {
    const pkg = createPackage(t.db);
    expect((await callJson(t.url, 'DELETE', `/api/course/${pkg.id}`)).status).toBe(401);
    expect((await callJson(t.url, 'DELETE', `/api/course/${pkg.id}`, { token: learner })).status).toBe(403);
    expect(t.db.select().from(packages).where(eq(packages.id, pkg.id)).get()!.archivedAt).toBeNull();
  });
});

describe('POST /api/course/{courseId}/lecture', () => {
  it('stores a YouTube watch link as its embed URL, at the end of the package, with an optional title', async () => {
    const { pkg } = packageWithLectures();
    const answer = await callJson(t.url, 'POST', `/api/course/${pkg.id}/lecture`, {
      token: admin,
      body: { video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30s', title: '  Introduction  ' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      message: 'Lecture added.',
      lecture: { _id: expect.stringMatching(/^\d+$/), title: 'Introduction', video: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ' },
    });
    const untitled = await callJson(t.url, 'POST', `/api/course/${pkg.id}/lecture`, {
      token: admin,
      body: { video: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQr/view?usp=sharing' },
    });
    expect(untitled.body.lecture).toMatchObject({ title: null, video: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQr/preview' });
    const lectures = (await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${pkg.id}`, { token: admin })).body.lectures;
    expect(lectures.map((lecture: { _id: string }) => lecture._id).slice(-2)).toEqual([answer.body.lecture._id, untitled.body.lecture._id]);
  });

  it.each([
    ['a javascript: link', 'javascript:alert(document.cookie)'],
    ['an unknown host', 'https://example.com/lecture.mp4'],
    ['a YouTube playlist', 'https://www.youtube.com/playlist?list=PL1234567890'],
  ])('refuses %s with a clear message in English and Marathi', async (_name, video) => {
    const pkg = createPackage(t.db);
    const english = await callJson(t.url, 'POST', `/api/course/${pkg.id}/lecture`, { token: admin, body: { video } });
    expect(english.status).toBe(400);
    expect(english.body).toEqual({
      success: false,
      code: 'VIDEO_LINK_UNSUPPORTED',
      message: 'This link cannot be used. Please paste a YouTube, Vimeo or Google Drive video link.',
    });
    const marathi = await callJson(t.url, 'POST', `/api/course/${pkg.id}/lecture`, { token: admin, body: { video }, headers: { 'x-lang': 'mr' } });
    expect(marathi.body.message).toBe('ही लिंक वापरता येत नाही. कृपया YouTube, Vimeo किंवा Google Drive व्हिडिओची लिंक टाका.');
    expect((await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${pkg.id}`, { token: admin })).body.lectures).toEqual([]);
  });

  it("asks for the link with the spec's words when it is missing", async () => {
    const pkg = createPackage(t.db);
    const answer = await callJson(t.url, 'POST', `/api/course/${pkg.id}/lecture`, { token: admin, body: { title: 'No link' } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Please select a course and enter a lecture link.');
  });

  it('answers 404 for an unknown package, and is for admins only', async () => {
    const body = { video: 'https://youtu.be/dQw4w9WgXcQ' };
    expect((await callJson(t.url, 'POST', '/api/course/999999/lecture', { token: admin, body })).status).toBe(404);
    const pkg = createPackage(t.db);
    expect((await callJson(t.url, 'POST', `/api/course/${pkg.id}/lecture`, { body })).status).toBe(401);
    expect((await callJson(t.url, 'POST', `/api/course/${pkg.id}/lecture`, { token: learner, body })).status).toBe(403);
  });
});

describe('DELETE /api/lecture/{lectureId}', () => {
  it('deletes a lecture once; then it is not found', async () => {
    const { pkg, first } = packageWithLectures();
    const answer = await callJson(t.url, 'DELETE', `/api/lecture/${first.id}`, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'Lecture deleted.' });
    expect((await callJson(t.url, 'GET', `/api/getlecturesByCourseId/${pkg.id}`, { token: admin })).body.lectures).toHaveLength(1);
    expect((await callJson(t.url, 'DELETE', `/api/lecture/${first.id}`, { token: admin })).status).toBe(404);
  });

  it('is for admins only', async () => {
    const { first } = packageWithLectures();
    expect((await callJson(t.url, 'DELETE', `/api/lecture/${first.id}`)).status).toBe(401);
    expect((await callJson(t.url, 'DELETE', `/api/lecture/${first.id}`, { token: learner })).status).toBe(403);
  });
});

describe('GET /api/stats', () => {
  it("counts packages on sale, their lectures and users, under the spec's names", async () => {
    const before = (await callJson(t.url, 'GET', '/api/stats', { token: admin })).body.stats;
    packageWithLectures();
    packageWithLectures({ archivedAt: Date.now() });
    await createUser(t.db);
    const answer = await callJson(t.url, 'GET', '/api/stats', { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      stats: { totalCoures: before.totalCoures + 1, totalLectures: before.totalLectures + 2, totalUsers: before.totalUsers + 1 },
    });
  });

  it('is for admins only', async () => {
    expect((await callJson(t.url, 'GET', '/api/stats')).status).toBe(401);
    expect((await callJson(t.url, 'GET', '/api/stats', { token: learner })).status).toBe(403);
  });
});
