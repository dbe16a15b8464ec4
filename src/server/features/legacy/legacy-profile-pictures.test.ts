import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { callJson, startTestApp, type TestApp } from '../../../test/test-app.js';
import { users } from '../../db/schema.js';
import { profileImagesDir } from '../../lib/uploads.js';
import { findActiveUserByEmail } from '../auth/accounts.service.js';
import { importLegacy } from './legacy-import.service.js';
import { cloudinaryAddress, pictureFetcher, type FetchPicture } from './legacy-profile-pictures.js';
import { legacySampleDir } from '../../../test/legacy-sample.js';

const IMPORT_AT = Date.parse('2026-11-23T10:00:00+05:30');
const cloudinary = (name: string) => `https://res.cloudinary.com/demo/image/upload/${name}`;
/** In the sample: aarti.kulkarni1 (profile_0), the pooja.pawar5 twins (profile_4), priyanka.gaikwad9 (profile_8). */
const AARTI = 'aarti.kulkarni1@gmail.com';
const POOJA = 'pooja.pawar5@gmail.com';
const PRIYANKA = 'priyanka.gaikwad9@gmail.com';

describe('which addresses are fetched', () => {
  it('takes Cloudinary delivery addresses only, always over https', () => {
    expect(cloudinaryAddress(cloudinary('v1/profile_0.jpg'))?.href).toBe(cloudinary('v1/profile_0.jpg'));
    expect(cloudinaryAddress('http://res.cloudinary.com/demo/image/upload/a.jpg')?.protocol).toBe('https:');
    for (const refused of [
      'https://res.cloudinary.com.example.com/a.jpg',
      'https://example.com/res.cloudinary.com/a.jpg',
      'https://user@res.cloudinary.com/a.jpg',
      'https://res.cloudinary.com:8443/a.jpg',
      'http://127.0.0.1/a.jpg',
      'http://169.254.169.254/latest/meta-data',
      'https://[::1]/a.jpg',
      'https://2130706433/a.jpg',
      'https://104.18.0.1/res.cloudinary.com/a.jpg',
      'https://res.cloudinary.com:80/a.jpg',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not an address',
    ])
      expect(cloudinaryAddress(refused), refused).toBeNull();
  });
});

describe('the picture fetcher', () => {
  let server: Server;
  let base: string;
  let asked: string[] = [];
  const png = () =>
    sharp({ create: { width: 40, height: 40, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    const picture = await png();
    server = createServer((request, response) => {
      asked.push(request.url ?? '');
      if (request.url === '/ok.png') response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
      else if (request.url === '/moved') response.writeHead(302, { location: '/ok.png' }).end();
      else if (request.url === '/big-declared') response.writeHead(200, { 'content-length': String(6 * 1024 * 1024) }).end();
      else if (request.url === '/big-streamed') {
        response.writeHead(200);
        const chunk = Buffer.alloc(1024 * 1024);
        for (let i = 0; i < 6; i += 1) response.write(chunk);
        response.end();
      } else if (request.url === '/silent') {
        // Never answers.
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    asked = [];
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const local = () => pictureFetcher((raw) => new URL(raw), 500);

  it('answers the bytes of a picture', async () => {
    expect(await local()(`${base}/ok.png`)).toEqual(await png());
  });

  it('refuses a redirect, an error answer, over 5 MB (declared or streamed) and silence, each in words', async () => {
    await expect(local()(`${base}/moved`)).rejects.toThrow('answered 302');
    expect(asked).toEqual(['/moved']);
    await expect(local()(`${base}/gone.png`)).rejects.toThrow('answered 404');
    await expect(local()(`${base}/big-declared`)).rejects.toThrow('is over 5 MB');
    await expect(local()(`${base}/big-streamed`)).rejects.toThrow('is over 5 MB');
    await expect(local()(`${base}/silent`)).rejects.toThrow('no answer in time');
  });

  it('does not even ask an address that is not Cloudinary', async () => {
    await expect(pictureFetcher()(`${base}/ok.png`)).rejects.toThrow('not a Cloudinary picture address');
    expect(asked).toEqual([]);
  });
});

describe('the import with --fetch-pictures', () => {
  let t: TestApp;
  let fetched: string[];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Cloudinary as the sample names it: profile_8 is gone (404), the others are pictures. */
  const fakeCloudinary: FetchPicture = async (url) => {
    fetched.push(url);
    if (url.endsWith('profile_8.jpg')) throw new Error('answered 404');
    const colour = url.endsWith('profile_0.jpg') ? '#1d4ed8' : '#15803d';
    return sharp({ create: { width: 600, height: 400, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  };
  const run = (options: { dryRun?: boolean; fetchPicture?: FetchPicture } = {}) => {
    fetched = [];
    return importLegacy(t.db, {
      dir: legacySampleDir,
      dryRun: options.dryRun ?? false,
      dataDir: t.dataDir,
      now: IMPORT_AT,
      fetchPicture: options.fetchPicture,
    });
  };
  const pictureOf = (email: string) => findActiveUserByEmail(t.db, email)?.profileImage ?? null;
  const profileFiles = async () => (await readdir(profileImagesDir(t.dataDir)).catch(() => [])).sort();

  it('without the flag, counts the pictures left on Cloudinary and says how to bring them', async () => {
    const report = await run({ dryRun: true });
    expect(report.counts.profilePicturesNotFetched).toBe(3);
    expect(report.problems).toContainEqual(
      expect.objectContaining({ level: 'note', message: expect.stringContaining('3 profile pictures are still where the legacy app kept them') }),
    );
    expect(fetched).toEqual([]);
  });

  it('keeps the picture of an account that is already here, and brings one per account, the twins’ once', async () => {
    const already = await createUser(t.db, { email: AARTI });
    t.db.update(users).set({ profileImage: 'own-picture-256.webp' }).where(eq(users.id, already.id)).run();

    const dry = await run({ dryRun: true, fetchPicture: fakeCloudinary });
    expect(await profileFiles()).toEqual([]);
    const report = await run({ fetchPicture: fakeCloudinary });
    expect(dry.counts).toEqual(report.counts);
    expect(dry.problems).toEqual(report.problems);

    expect(fetched.sort()).toEqual([cloudinary('v1781f7c560/profile_8.jpg'), cloudinary('v179383a96f/profile_4.jpg')]);
    expect(report.counts.profilePictures).toBe(1);
    expect(pictureOf(AARTI)).toBe('own-picture-256.webp');
    expect(pictureOf(PRIYANKA)).toBeNull();
    expect(report.problems).toContainEqual({
      level: 'warning',
      where: `users.json 67cd09f2bfb13701662e2e6f (${PRIYANKA})`,
      message: `profile picture ${cloudinary('v1781f7c560/profile_8.jpg')} answered 404: not brought over, the learner can upload one again`,
    });
    // Only the file an account took is kept.
    expect(await profileFiles()).toEqual([pictureOf(POOJA)]);
  });

  it('shows the picture on the learner’s profile, re-encoded at 256 px', async () => {
    const login = await callJson(t.url, 'POST', '/api/user/login', { body: { email: POOJA, password: 'Legacy!4f277' } });
    expect(login.status).toBe(200);
    const answer = await callJson(t.url, 'GET', '/api/profile-image', { token: login.body.token as string });
    expect(answer.body.profileImage).toBe(`${t.url}/uploads/profiles/${pictureOf(POOJA)}`);
    const picture = await fetch(answer.body.profileImage as string);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256 });
  });

  it('fetches nothing again, and a learner who removed the picture does not get it back', async () => {
    const again = await run({ fetchPicture: fakeCloudinary });
    // profile_8 is still missing, so it is asked again; profile_4 was brought over once and for all.
    expect(fetched).toEqual([cloudinary('v1781f7c560/profile_8.jpg')]);
    expect(again.nothingNew).toBe(true);

    t.db.update(users).set({ profileImage: null }).where(eq(users.email, POOJA)).run();
    const after = await run({ fetchPicture: fakeCloudinary });
    expect(fetched).not.toContain(cloudinary('v179383a96f/profile_4.jpg'));
    expect(after.counts.profilePictures).toBe(0);
    expect(pictureOf(POOJA)).toBeNull();
  });
});
