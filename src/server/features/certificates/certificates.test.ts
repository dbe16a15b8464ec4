import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLecture, createPackage, createUserWithToken, grantPackage } from '../../../test/factories.js';
import { call, enableCertificates, passQuiz, quizWithQuestion, watchEveryLecture } from '../../../test/learning.js';
import { waitForEmail } from '../../../test/outbox.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { insertOrder } from '../../../test/world.js';
import { auditLog } from '../../db/schema.js';
import { decideOrder } from '../orders/order-decisions.service.js';
import { reverseOrder } from '../orders/order-reversal.service.js';

let t: TestApp;
let admin: { user: { id: number }; token: string };

beforeAll(async () => {
  t = await startTestApp({ build: { dripEmails: false } });
  admin = await createUserWithToken(t.db, { role: 'admin' });
});

afterAll(async () => {
  await t.close();
});

/** A package of two lectures and a final quiz that gives certificates, bought by a new Marathi learner. */
async function finishable(options: { certificates?: boolean } = {}) {
  const pkg = createPackage(t.db, { name: 'शेअर बाजार मूलभूत' });
  addLecture(t.db, pkg.id, 0);
  addLecture(t.db, pkg.id, 1);
  const quiz = quizWithQuestion(t.db, pkg.id, null);
  if (options.certificates !== false) enableCertificates(t.db, pkg.id);
  const learner = await createUserWithToken(t.db, { lang: 'mr', name: 'Kiran Patil' });
  grantPackage(t.db, learner.user.id, pkg.id);
  const finish = () => {
    watchEveryLecture(t.db, learner.user.id, pkg.id);
    passQuiz(t.db, learner.user.id, quiz.quiz.id);
  };
  return { pkg, packageId: String(pkg.id), learner, quiz, finish };
}

describe('a certificate', () => {
  it('is given only once every lecture is done and every quiz passed, and only where the admin turned certificates on', async () => {
    const { packageId, learner, quiz, pkg } = await finishable();
    let refused = await call(t, 'mutation', 'certificates.claim', { packageId, name: 'किरण पाटील' }, learner.token, 'mr');
    expect(refused.status).toBe(409);
    expect(refused.error?.data.code).toBe('NOT_FINISHED');
    watchEveryLecture(t.db, learner.user.id, pkg.id);
    const status = await call(t, 'query', 'certificates.status', { packageId }, learner.token);
    expect(status.data).toMatchObject({ enabled: true, lectures: { done: 2, total: 2 }, quizzes: { passed: 0, total: 1 }, finished: false, certificate: null });
    refused = await call(t, 'mutation', 'certificates.claim', { packageId, name: 'किरण पाटील' }, learner.token);
    expect(refused.error?.data.code).toBe('NOT_FINISHED');
    passQuiz(t.db, learner.user.id, quiz.quiz.id);
    const claimed = await call(t, 'mutation', 'certificates.claim', { packageId, name: '  किरण   पाटील ' }, learner.token);
    expect(claimed.status).toBe(200);
    expect(claimed.data).toMatchObject({ packageId, packageName: 'शेअर बाजार मूलभूत', name: 'किरण पाटील' });
    expect(claimed.data.number).toMatch(/^MS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    // A second claim answers the same certificate.
    const again = await call(t, 'mutation', 'certificates.claim', { packageId }, learner.token);
    expect(again.data.number).toBe(claimed.data.number);
    const email = await waitForEmail(t.outbox, learner.user.email);
    expect(email.subject).toContain('प्रमाणपत्र');
    expect(email.text).toContain(`/certificates/${claimed.data.number}`);

    const off = await finishable({ certificates: false });
    off.finish();
    const notGiven = await call(t, 'mutation', 'certificates.claim', { packageId: off.packageId, name: 'Kiran Patil' }, off.learner.token);
    expect(notGiven.status).toBe(403);
    expect(notGiven.error?.data.code).toBe('CERTIFICATES_OFF');
  });

  it('takes a name in Devanagari or Latin letters, not mixed, chosen once and then fixed', async () => {
    const first = await finishable();
    first.finish();
    for (const name of [undefined, 'Kiran पाटील', 'K', 'Kiran1', '<b>Kiran</b>']) {
      const refused = await call(
        t,
        'mutation',
        'certificates.claim',
        { packageId: first.packageId, ...(name !== undefined && { name }) },
        first.learner.token,
        'mr',
      );
      expect(refused.status, String(name)).toBe(400);
      expect(refused.error?.message).toMatch(/नाव/);
    }
    expect((await call(t, 'mutation', 'certificates.claim', { packageId: first.packageId, name: "Kiran D'Souza-Patil" }, first.learner.token)).status).toBe(
      200,
    );
    // The same learner's next package: the name is already fixed.
    const pkg = createPackage(t.db, { name: 'Mutual Funds' });
    addLecture(t.db, pkg.id, 0);
    enableCertificates(t.db, pkg.id);
    grantPackage(t.db, first.learner.user.id, pkg.id);
    watchEveryLecture(t.db, first.learner.user.id, pkg.id);
    const changed = await call(t, 'mutation', 'certificates.claim', { packageId: String(pkg.id), name: 'किरण पाटील' }, first.learner.token);
    expect(changed.status).toBe(409);
    expect(changed.error?.data.code).toBe('NAME_FIXED');
    const kept = await call(t, 'mutation', 'certificates.claim', { packageId: String(pkg.id) }, first.learner.token);
    expect(kept.data.name).toBe("Kiran D'Souza-Patil");
    expect((await call(t, 'query', 'certificates.myName', undefined, first.learner.token)).data).toEqual({ name: "Kiran D'Souza-Patil", script: 'latin' });
  });

  it('has a public page that shows only whether it is valid, the name, package and date, the links to share, and the learner’s referral link', async () => {
    const { packageId, learner, finish } = await finishable();
    finish();
    const { number } = (await call(t, 'mutation', 'certificates.claim', { packageId, name: 'किरण पाटील' }, learner.token)).data;
    const seen = await call(t, 'query', 'certificates.verify', { number: number.toLowerCase() });
    expect(seen.status).toBe(200);
    expect(Object.keys(seen.data).sort()).toEqual(['issuedAt', 'linkedInUrl', 'name', 'number', 'packageName', 'referralLink', 'status', 'url'].sort());
    expect(seen.data).toMatchObject({ status: 'valid', number, name: 'किरण पाटील', packageName: 'शेअर बाजार मूलभूत' });
    expect(seen.data.referralLink).toBe(`${t.url}/course/${packageId}?ref=${learner.user.referralCode}`);
    const linkedIn = new URL(seen.data.linkedInUrl);
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(linkedIn.searchParams)).toMatchObject({
      startTask: 'CERTIFICATION_NAME',
      name: 'शेअर बाजार मूलभूत',
      organizationName: 'Marathi Success',
      certUrl: `${t.url}/certificates/${number}`,
      certId: number,
    });
    const text = JSON.stringify(seen.data);
    for (const secret of [learner.user.email, learner.user.phone!, 'Kiran Patil']) expect(text).not.toContain(secret);

    // The page as WhatsApp's and LinkedIn's crawlers read it (no JavaScript): its Open Graph tags.
    const page = await fetch(`${t.url}/certificates/${number}`, { headers: { accept: 'text/html', 'accept-language': 'mr' } });
    const html = await page.text();
    expect(html).toContain('<meta property="og:title" content="किरण पाटील यांनी शेअर बाजार मूलभूत पूर्ण केले" />');
    expect(html).toContain(`<meta property="og:url" content="${t.url}/certificates/${number}" />`);

    expect((await call(t, 'query', 'certificates.verify', { number: 'MS-0000-0000-0000' })).status).toBe(404);
    expect((await call(t, 'query', 'certificates.verify', { number: 'not a number' })).status).toBe(400);
  });

  it('can be revoked by an admin; the page then says revoked and shows nothing of whose it was', async () => {
    const { packageId, learner, finish } = await finishable();
    finish();
    const { number } = (await call(t, 'mutation', 'certificates.claim', { packageId, name: 'किरण पाटील' }, learner.token)).data;
    const before = await (await fetch(`${t.url}/certificates/${number}`, { headers: { accept: 'text/html' } })).text();
    expect(before).toContain('किरण पाटील');
    expect((await call(t, 'mutation', 'certificates.revoke', { number, reason: 'Shared the account' }, learner.token)).status).toBe(403);
    expect((await call(t, 'mutation', 'certificates.revoke', { number, reason: 'Shared the account' }, admin.token)).status).toBe(200);
    expect((await call(t, 'mutation', 'certificates.revoke', { number, reason: 'Again' }, admin.token)).status).toBe(409);
    const seen = await call(t, 'query', 'certificates.verify', { number });
    expect(seen.data).toEqual({ status: 'revoked', number, revokedAt: expect.any(Number) });
    // At once on the page too (never kept from before the revocation).
    const html = await (await fetch(`${t.url}/certificates/${number}`, { headers: { accept: 'text/html', cookie: 'lang=en' } })).text();
    expect(html).toContain('This certificate was revoked');
    expect(html).not.toContain('किरण');
    const pdf = await call(t, 'query', 'certificates.pdf', { number }, learner.token);
    expect(pdf.status).toBe(409);
    expect((await call(t, 'query', 'certificates.mine', undefined, learner.token)).data).toEqual([]);
  });

  it('stays revoked when the learner claims again, until an admin restores it with a reason the learner is emailed', async () => {
    const { packageId, learner, finish } = await finishable();
    finish();
    const { number } = (await call(t, 'mutation', 'certificates.claim', { packageId, name: 'किरण पाटील' }, learner.token)).data;
    await call(t, 'mutation', 'certificates.revoke', { number, reason: 'Shared the account' }, admin.token);
    const again = await call(t, 'mutation', 'certificates.claim', { packageId }, learner.token, 'mr');
    expect(again.status).toBe(409);
    expect(again.error?.data.code).toBe('REVOKED_UNTIL_RESTORED');
    expect(again.error?.message).toContain('रद्द');
    expect((await call(t, 'query', 'certificates.status', { packageId }, learner.token)).data).toMatchObject({
      certificate: null,
      revoked: { number, revokedAt: expect.any(Number) },
    });
    expect((await call(t, 'query', 'certificates.mine', undefined, learner.token)).data).toEqual([]);

    const restore = { number, reason: 'Checked: the account was not shared' };
    expect((await call(t, 'mutation', 'certificates.restore', restore, learner.token)).status).toBe(403);
    expect((await call(t, 'mutation', 'certificates.restore', { ...restore, reason: ' ' }, admin.token)).status).toBe(400);
    expect((await call(t, 'mutation', 'certificates.restore', { ...restore, number: 'MS-0000-0000-0000' }, admin.token)).status).toBe(404);
    expect((await call(t, 'mutation', 'certificates.restore', restore, admin.token)).status).toBe(200);
    const restored = await call(t, 'mutation', 'certificates.restore', restore, admin.token);
    expect(restored.error?.data.code).toBe('CERTIFICATE_NOT_REVOKED');
    expect((await call(t, 'query', 'certificates.verify', { number })).data).toMatchObject({ status: 'valid', number, name: 'किरण पाटील' });
    expect((await call(t, 'mutation', 'certificates.claim', { packageId }, learner.token)).data.number).toBe(number);
    const email = await waitForEmail(t.outbox, learner.user.email, (mail) => mail.subject.includes('पुन्हा वैध'));
    expect(email.text).toContain(`/certificates/${number}`);
    expect(email.text).toContain('“Checked: the account was not shared”');
    const audited = t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'certificates.restore'), eq(auditLog.actorId, admin.user.id)))
      .all();
    expect(audited).toHaveLength(1);
  });

  it('is not restored while its purchase stays reversed', async () => {
    const pkg = createPackage(t.db, { name: 'Options' });
    addLecture(t.db, pkg.id, 0);
    enableCertificates(t.db, pkg.id);
    const learner = await createUserWithToken(t.db);
    const order = insertOrder(t, learner.user as never, pkg, null);
    decideOrder(t.deps, admin.user.id, { orderId: order.id, action: 'approve' });
    watchEveryLecture(t.db, learner.user.id, pkg.id);
    const { number } = (await call(t, 'mutation', 'certificates.claim', { packageId: String(pkg.id), name: 'Asha More' }, learner.token)).data;
    reverseOrder(t.deps, admin.user.id, { orderId: order.id, reason: 'Fake UTR' });
    const refused = await call(t, 'mutation', 'certificates.restore', { number, reason: 'Asked' }, admin.token);
    expect(refused.error?.data.code).toBe('RESTORE_WITHOUT_PACKAGE');
    expect((await call(t, 'query', 'certificates.verify', { number })).data.status).toBe('revoked');
  });

  it('takes a name mended by an admin, on the certificates held, under the same numbers; a revoked one keeps its name', async () => {
    const { packageId, learner, finish } = await finishable();
    finish();
    const { number: revokedNumber } = (await call(t, 'mutation', 'certificates.claim', { packageId, name: 'किरन पाटील' }, learner.token)).data;
    await call(t, 'mutation', 'certificates.revoke', { number: revokedNumber, reason: 'Issued twice' }, admin.token);
    const second = createPackage(t.db, { name: 'म्युच्युअल फंड' });
    addLecture(t.db, second.id, 0);
    enableCertificates(t.db, second.id);
    grantPackage(t.db, learner.user.id, second.id);
    watchEveryLecture(t.db, learner.user.id, second.id);
    const { number } = (await call(t, 'mutation', 'certificates.claim', { packageId: String(second.id) }, learner.token)).data;
    const mend = { userId: String(learner.user.id), name: 'किरण पाटील', reason: 'Spelling asked by the learner' };
    expect((await call(t, 'mutation', 'certificates.correctName', mend, learner.token)).status).toBe(403);
    expect((await call(t, 'mutation', 'certificates.correctName', { ...mend, name: 'किरण Patil' }, admin.token)).status).toBe(400);
    expect((await call(t, 'mutation', 'certificates.correctName', { ...mend, reason: ' ' }, admin.token)).status).toBe(400);
    const mended = await call(t, 'mutation', 'certificates.correctName', mend, admin.token);
    expect(mended).toMatchObject({ status: 200, data: { certificates: 1 } });
    expect((await call(t, 'query', 'certificates.verify', { number })).data).toMatchObject({ status: 'valid', number, name: 'किरण पाटील' });
    expect((await call(t, 'query', 'certificates.myName', undefined, learner.token)).data).toMatchObject({ name: 'किरण पाटील' });
    const revoked = (await call(t, 'query', 'certificates.list', { packageId }, admin.token)).data.find(
      (row: { number: string }) => row.number === revokedNumber,
    );
    expect(revoked.name).toBe('किरन पाटील');
    const email = await waitForEmail(t.outbox, learner.user.email, (mail) => mail.subject.includes('नाव दुरुस्त'));
    expect(email.text).toContain('“किरण पाटील”');
    expect(email.text).toContain('“Spelling asked by the learner”');
    // Someone who never chose a name has none to mend.
    const other = await createUserWithToken(t.db);
    expect((await call(t, 'mutation', 'certificates.correctName', { ...mend, userId: String(other.user.id) }, admin.token)).status).toBe(404);
  });

  it('is revoked when its purchase is reversed', async () => {
    const pkg = createPackage(t.db, { name: 'Trading' });
    addLecture(t.db, pkg.id, 0);
    enableCertificates(t.db, pkg.id);
    const learner = await createUserWithToken(t.db);
    const order = insertOrder(t, learner.user as never, pkg, null);
    decideOrder(t.deps, admin.user.id, { orderId: order.id, action: 'approve' });
    watchEveryLecture(t.db, learner.user.id, pkg.id);
    const { number } = (await call(t, 'mutation', 'certificates.claim', { packageId: String(pkg.id), name: 'Asha More' }, learner.token)).data;
    expect((await call(t, 'query', 'certificates.verify', { number })).data.status).toBe('valid');
    reverseOrder(t.deps, admin.user.id, { orderId: order.id, reason: 'Fake UTR' });
    expect((await call(t, 'query', 'certificates.verify', { number })).data.status).toBe('revoked');
  });

  it('gives its PDF to its owner and admins only', async () => {
    const { packageId, learner, finish } = await finishable();
    finish();
    const { number } = (await call(t, 'mutation', 'certificates.claim', { packageId, name: 'किरण पाटील' }, learner.token)).data;
    const own = await call(t, 'query', 'certificates.pdf', { number }, learner.token, 'mr');
    expect(own.status).toBe(200);
    expect(own.data.fileName).toBe(`certificate-${number}.pdf`);
    expect(Buffer.from(own.data.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(t, 'query', 'certificates.pdf', { number }, admin.token)).status).toBe(200);
    const other = await createUserWithToken(t.db);
    expect((await call(t, 'query', 'certificates.pdf', { number }, other.token)).status).toBe(404);
    expect((await call(t, 'query', 'certificates.pdf', { number })).status).toBe(401);
  });
});
