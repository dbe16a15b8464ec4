import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnCommission } from '../../../test/earnings.js';
import { addLecture, createUser, createUserWithToken } from '../../../test/factories.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';
import { callProcedure, trpcData } from '../../../test/trpc-http.js';
import { packages, users } from '../../db/schema.js';
import { createSession } from '../auth/sessions.service.js';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createUserWithToken(t.db, { role: 'admin' })).token;
});
afterAll(() => t.close());

/** Every way a learner's client reads what they own or its lectures, REST and tRPC, as the buyer. */
function reads(token: string, packageId: number) {
  const id = String(packageId);
  return {
    restMine: () => callJson(t.url, 'GET', '/api/mycourse', { token }),
    restCourse: () => callJson(t.url, 'GET', `/api/course/${id}`, { token }),
    restLectures: () => callJson(t.url, 'GET', `/api/getlecturesByCourseId/${id}`, { token }),
    restMe: () => callJson(t.url, 'GET', '/api/user/me', { token }),
    mine: () => callProcedure(t.url, 'catalog.mine', 'query', undefined, { token }),
    byId: () => callProcedure(t.url, 'catalog.byId', 'query', { id }, { token }),
    lectures: () => callProcedure(t.url, 'lectures.forPackage', 'query', { packageId: id }, { token }),
    profile: () => callProcedure(t.url, 'auth.profile', 'query', undefined, { token }),
    progress: () => callProcedure(t.url, 'lectures.saveProgress', 'mutation', { packageId: id, lectureId: '1' }, { token }),
    dashboard: (userId: number) => callProcedure(t.url, 'affiliate.dashboard', 'query', { userId: String(userId) }, { token }),
  };
}

describe('a package whose access was taken back', () => {
  it('is served by no path, REST or tRPC, not even from an answer kept just before (the read cache), and comes back on every path when restored', async () => {
    const sponsor = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'admin' });
    const { buyer, pkg } = await earnCommission(t, { earnerId: sponsor.id, adminId: admin.id, amountPaise: 500_00, at: Date.now() });
    t.db.update(users).set({ phone: '9876543210' }).where(eq(users.id, buyer.id)).run();
    addLecture(t.db, pkg.id, 0);
    t.db.update(packages).set({ tier: 'Gold' }).where(eq(packages.id, pkg.id)).run();
    const token = createSession(t.db, buyer.id, Date.now()).token;
    const read = reads(token, pkg.id);
    const owned = String(pkg.id);

    // Every read answered (and kept) while the package is the learner's.
    expect((await read.restMine()).body.courses.map((c: { _id: string }) => c._id)).toEqual([owned]);
    expect((await read.restCourse()).body.course.lectures).toHaveLength(1);
    expect((await read.restLectures()).status).toBe(200);
    expect((await read.restMe()).body.user.purchasedCourses).toEqual([owned]);
    expect(trpcData((await read.mine()).body).map((p: { id: string }) => p.id)).toEqual([owned]);
    expect(trpcData((await read.byId()).body).lectures).toHaveLength(1);
    expect((await read.lectures()).status).toBe(200);
    expect(trpcData((await read.profile()).body).purchasedPackageIds).toEqual([owned]);
    expect(trpcData((await read.dashboard(buyer.id)).body).highestTier).toBe('Gold');

    const revoked = await callProcedure(
      t.url,
      'access.revoke',
      'mutation',
      { userId: String(buyer.id), packageId: owned, reason: 'Shared the login' },
      { token: adminToken },
    );
    expect(revoked.status).toBe(200);

    // The very next request on every path sees it gone.
    expect((await read.restMine()).body.courses).toEqual([]);
    expect((await read.restCourse()).body.course.lectures).toBeUndefined();
    const restLectures = await read.restLectures();
    expect(restLectures.status).toBe(403);
    expect(restLectures.body.code).toBe('ACCESS_REVOKED');
    expect((await read.restMe()).body.user.purchasedCourses).toEqual([]);
    expect(trpcData((await read.mine()).body)).toEqual([]);
    expect(trpcData((await read.byId()).body).lectures).toBeNull();
    const lectures = await read.lectures();
    expect(lectures.status).toBe(403);
    expect(lectures.body.error.data.code).toBe('ACCESS_REVOKED');
    expect(trpcData((await read.profile()).body).purchasedPackageIds).toEqual([]);
    expect((await read.progress()).status).toBe(403);
    expect(trpcData((await read.dashboard(buyer.id)).body).highestTier).toBeNull();
    // Nor does a second session of the same learner (another device) get it.
    const other = reads(createSession(t.db, buyer.id, Date.now()).token, pkg.id);
    expect((await other.lectures()).status).toBe(403);

    await callProcedure(t.url, 'access.restore', 'mutation', { userId: String(buyer.id), packageId: owned }, { token: adminToken });
    expect((await read.restMine()).body.courses.map((c: { _id: string }) => c._id)).toEqual([owned]);
    expect((await read.lectures()).status).toBe(200);
    expect(trpcData((await read.profile()).body).purchasedPackageIds).toEqual([owned]);
    expect(trpcData((await read.byId()).body).lectures).toHaveLength(1);
    expect((await read.restMe()).body.user.purchasedCourses).toEqual([owned]);
  });
});
