import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeJpegWithLocation, makePixelBomb, makePng, svgWithScript } from '../../test/images.js';
import { IMAGES_AT_ONCE, IMAGES_WAITING, imageQueue, saveImage } from './images.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'images-'));
});

describe('saveImage', () => {
  it('re-encodes a picture as WebP at each width, never enlarging it', async () => {
    const saved = await saveImage(await makePng(800, 600), dir, [320, 640, 960]);
    expect(saved.files).toEqual([`${saved.base}-320.webp`, `${saved.base}-640.webp`, `${saved.base}-960.webp`]);
    const sizes = await Promise.all(saved.files.map(async (file) => sharp(await readFile(path.join(dir, file))).metadata()));
    expect(sizes.map((meta) => [meta.format, meta.width])).toEqual([
      ['webp', 320],
      ['webp', 640],
      ['webp', 800],
    ]);
  });

  it('drops metadata such as the camera location', async () => {
    const saved = await saveImage(await makeJpegWithLocation(), dir, [256]);
    const meta = await sharp(await readFile(path.join(dir, saved.files[0]!))).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    ['a text file named .png', () => Buffer.from('this is not a picture at all')],
    ['an SVG with a script', () => svgWithScript],
    ['a truncated image', async () => (await makePng(800, 600)).subarray(0, 300)],
    ['a decompression bomb', () => makePixelBomb()],
  ])('refuses %s and writes nothing', async (_name, make) => {
    await expect(saveImage(await make(), dir, [256])).rejects.toMatchObject({ appCode: 'IMAGE_INVALID' });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('pictures at once', () => {
  it(`processes at most ${IMAGES_AT_ONCE} at a time and tells the rest past the queue to come back`, async () => {
    const picture = await makePng(1600, 1200);
    let mostActive = 0;
    const sampler = setInterval(() => (mostActive = Math.max(mostActive, imageQueue().active)), 1);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => saveImage(picture, dir, [256])));
    clearInterval(sampler);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.length).toBeGreaterThanOrEqual(20 - IMAGES_AT_ONCE - IMAGES_WAITING);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toMatchObject({ appCode: 'BUSY', retryAfterSeconds: 5 });
    expect(results.length - refused.length).toBeGreaterThan(0);
    expect(mostActive).toBeLessThanOrEqual(IMAGES_AT_ONCE);
    expect(imageQueue()).toEqual({ active: 0, waiting: 0 });
  });
});
