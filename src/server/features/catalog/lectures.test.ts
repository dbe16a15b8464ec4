import { describe, expect, it } from 'vitest';
import { addLecture, createPackage, createUserWithToken, grantPackage } from '../../../test/factories.js';
import type { TestApp } from '../../../test/test-app.js';
import { appPerFile } from '../../../test/app-per-test.js';

let t: TestApp;
let admin: string;

appPerFile(async (app) => {
  t = app;
  admin = (await createUserWithToken(t.db, { role: 'admin' })).token;
});

type TrpcAnswer = { status: number; data: any; error: { message: string; data: { code: string; httpStatus: number } } | undefined };

/** Calls a procedure over HTTP as the app does: queries by GET, mutations by POST. */
async function trpc(kind: 'query' | 'mutation', path: string, input: unknown, token?: string): Promise<TrpcAnswer> {
  const headers: Record<string, string> = token ? { token } : {};
  const response =
    kind === 'query'
      ? await fetch(`${t.url}/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers })
      : await fetch(`${t.url}/trpc/${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(input),
        });
  const body = (await response.json()) as { result?: { data: unknown }; error?: TrpcAnswer['error'] };
  return { status: response.status, data: body.result?.data, error: body.error };
}

function packageWithParts(count: number) {
  const pkg = createPackage(t.db);
  const parts = Array.from({ length: count }, (_, index) => addLecture(t.db, pkg.id, index));
  return { pkg, parts };
}

describe('lecture order', () => {
  it('lets an admin set a new order, which every later call follows', async () => {
    const { pkg, parts } = packageWithParts(3);
    const [a, b, c] = parts.map((part) => String(part.id));
    const answer = await trpc('mutation', 'lectures.reorder', { packageId: String(pkg.id), lectureIds: [c, a, b] }, admin);
    expect(answer.status).toBe(200);
    expect(answer.data).not.toHaveProperty('message');
    expect(answer.data.lectures.map((lecture: { id: string }) => lecture.id)).toEqual([c, a, b]);

    const listed = await trpc('query', 'lectures.forPackage', { packageId: String(pkg.id) }, admin);
    expect(listed.data.lectures.map((lecture: { id: string }) => lecture.id)).toEqual([c, a, b]);
    const page = await trpc('query', 'catalog.byId', { id: String(pkg.id) });
    expect(page.data.outline.map((lecture: { id: string }) => lecture.id)).toEqual([c, a, b]);

    // A lecture added afterwards goes to the end.
    const added = await trpc('mutation', 'lectures.add', { packageId: String(pkg.id), video: 'https://youtu.be/dQw4w9WgXcQ' }, admin);
    const after = await trpc('query', 'lectures.forPackage', { packageId: String(pkg.id) }, admin);
    expect(after.data.lectures.map((lecture: { id: string }) => lecture.id)).toEqual([c, a, b, added.data.lecture.id]);
  });

  it.each([
    ['a lecture missing', (ids: string[]) => ids.slice(1)],
    ['a lecture twice', (ids: string[]) => [ids[0]!, ids[0]!, ids[1]!]],
    ['a lecture of another package', (ids: string[]) => [...ids.slice(1), String(addLecture(t.db, createPackage(t.db).id, 0).id)]],
  ])('refuses an order with %s (made from a stale list) and keeps the old one', async (_name, change) => {
    const { pkg, parts } = packageWithParts(3);
    const ids = parts.map((part) => String(part.id));
    const answer = await trpc('mutation', 'lectures.reorder', { packageId: String(pkg.id), lectureIds: change(ids) }, admin);
    expect(answer.status).toBe(409);
    expect(answer.error?.data.code).toBe('LECTURE_ORDER_MISMATCH');
    const listed = await trpc('query', 'lectures.forPackage', { packageId: String(pkg.id) }, admin);
    expect(listed.data.lectures.map((lecture: { id: string }) => lecture.id)).toEqual(ids);
  });

  it('is for admins only', async () => {
    const { pkg, parts } = packageWithParts(2);
    const input = { packageId: String(pkg.id), lectureIds: parts.map((part) => String(part.id)).reverse() };
    expect((await trpc('mutation', 'lectures.reorder', input)).status).toBe(401);
    const { token, user } = await createUserWithToken(t.db);
    grantPackage(t.db, user.id, pkg.id);
    expect((await trpc('mutation', 'lectures.reorder', input, token)).status).toBe(403);
  });
});

describe('where the learner left off', () => {
  it('is kept on the server per learner and package, and the player opens there', async () => {
    const { pkg, parts } = packageWithParts(3);
    const { token, user } = await createUserWithToken(t.db);
    grantPackage(t.db, user.id, pkg.id);
    const packageId = String(pkg.id);

    const fresh = await trpc('query', 'lectures.forPackage', { packageId }, token);
    expect(fresh.data.currentLectureId).toBeNull();

    for (const part of [parts[1]!, parts[2]!, parts[1]!]) {
      const saved = await trpc('mutation', 'lectures.saveProgress', { packageId, lectureId: String(part.id) }, token);
      expect(saved.status).toBe(200);
    }
    expect((await trpc('query', 'lectures.forPackage', { packageId }, token)).data.currentLectureId).toBe(String(parts[1]!.id));

    // Another learner of the same package has their own place.
    const other = await createUserWithToken(t.db);
    grantPackage(t.db, other.user.id, pkg.id);
    expect((await trpc('query', 'lectures.forPackage', { packageId }, other.token)).data.currentLectureId).toBeNull();

    // Deleting the lecture they stopped on sends them back to the start, not to an error.
    await trpc('mutation', 'lectures.remove', { id: String(parts[1]!.id) }, admin);
    expect((await trpc('query', 'lectures.forPackage', { packageId }, token)).data.currentLectureId).toBeNull();
  });

  it('refuses a lecture of another package, and anyone who has not bought the package', async () => {
    const { pkg, parts } = packageWithParts(1);
    const elsewhere = packageWithParts(1);
    const { token, user } = await createUserWithToken(t.db);
    grantPackage(t.db, user.id, pkg.id);

    const wrongPackage = await trpc('mutation', 'lectures.saveProgress', { packageId: String(pkg.id), lectureId: String(elsewhere.parts[0]!.id) }, token);
    expect(wrongPackage.status).toBe(404);

    const stranger = await createUserWithToken(t.db);
    const input = { packageId: String(pkg.id), lectureId: String(parts[0]!.id) };
    expect((await trpc('mutation', 'lectures.saveProgress', input, stranger.token)).status).toBe(403);
    expect((await trpc('mutation', 'lectures.saveProgress', input)).status).toBe(401);
  });
});

describe('the package page through tRPC', () => {
  it('tells a buyer they can watch and gives the links; tells an admin the same without owning it', async () => {
    const { pkg, parts } = packageWithParts(2);
    const { token, user } = await createUserWithToken(t.db);
    grantPackage(t.db, user.id, pkg.id);
    for (const who of [token, admin]) {
      const page = await trpc('query', 'catalog.byId', { id: String(pkg.id) }, who);
      expect(page.data).toMatchObject({ canWatch: true, archived: false });
      expect(page.data.lectures.map((lecture: { video: string }) => lecture.video)).toEqual(parts.map((part) => part.videoUrl));
    }
  });

  it('lists every package for admins, archived ones marked, with the commission', async () => {
    const archived = createPackage(t.db, { archivedAt: Date.now(), commissionPaise: 25_000 });
    const answer = await trpc('query', 'catalog.adminList', undefined, admin);
    expect(answer.data.find((item: { id: string }) => item.id === String(archived.id))).toMatchObject({ archived: true, commissionPaise: 25_000 });
    const { token } = await createUserWithToken(t.db);
    expect((await trpc('query', 'catalog.adminList', undefined, token)).status).toBe(403);
  });
});

describe("a lecture's length", () => {
  it('is kept as the admin gives it ("12:30", "1:02:03" or seconds), and a lecture without one is listed for the admin', async () => {
    const pkg = createPackage(t.db);
    const added = await trpc(
      'mutation',
      'lectures.add',
      { packageId: String(pkg.id), video: 'https://youtu.be/dQw4w9WgXcQ', title: 'Intro', lengthSeconds: '12:30' },
      admin,
    );
    expect(added.data.lecture).toMatchObject({ title: 'Intro', lengthSeconds: 750 });
    const long = await trpc('mutation', 'lectures.add', { packageId: String(pkg.id), video: 'https://vimeo.com/76979871', lengthSeconds: '1:02:03' }, admin);
    expect(long.data.lecture.lengthSeconds).toBe(3723);
    const unknown = await trpc(
      'mutation',
      'lectures.add',
      { packageId: String(pkg.id), video: 'https://vimeo.com/76979872', title: 'Later', lengthSeconds: '' },
      admin,
    );
    expect(unknown.data.lecture.lengthSeconds).toBeNull();
    for (const bad of ['12:75', 'soon', '0:00', '13:00:00', -5, 1.5]) {
      const refused = await trpc('mutation', 'lectures.add', { packageId: String(pkg.id), video: 'https://youtu.be/dQw4w9WgXcQ', lengthSeconds: bad }, admin);
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.error?.message).toContain('12:30');
    }
    const missing = await trpc('query', 'lectures.withoutLength', undefined, admin);
    expect(missing.data).toContainEqual({ id: unknown.data.lecture.id, packageId: String(pkg.id), packageName: pkg.name, title: 'Later', position: 2 });
    expect(missing.data.map((lecture: { id: string }) => lecture.id)).not.toContain(added.data.lecture.id);
  });
});
