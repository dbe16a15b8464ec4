import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { defineErrors, serverBusy } from './errors.js';
import catalog from './images.errors.json' with { type: 'json' };
import { imageFileName, PACKAGE_IMAGE_WIDTHS, SHARE_PICTURE, sharePictureFile } from './uploads.js';

/** sharp (and libvips with it, some 10 MB resident) is loaded at the first picture, not at start: most servers go days without one. */
export const loadSharp = () => import('sharp').then((module) => module.default);

export const imageErrors = defineErrors(catalog);

/** Formats people's phones and cameras produce. SVG is refused: it can carry script. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** A decompression bomb (tiny file, huge canvas) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

export type SavedImage = { base: string; files: string[] };

/**
 * Decoding a picture can take a 40-megapixel canvas (about 160 MB) and a core: at most this many
 * are processed at once (the box has two cores), at most IMAGES_WAITING wait, and beyond that an
 * upload is told to come back, as logins are when argon2 is busy.
 */
export const IMAGES_AT_ONCE = 2;
export const IMAGES_WAITING = 8;
const imageSlots = pLimit(IMAGES_AT_ONCE);

/** How many pictures are being processed and waiting right now (for tests). */
export const imageQueue = () => ({ active: imageSlots.activeCount, waiting: imageSlots.pendingCount });

/** `saveImage` within the bound on pictures processed at once. */
export function saveImage(input: Buffer, dir: string, widths: readonly number[]): Promise<SavedImage> {
  if (imageSlots.pendingCount >= IMAGES_WAITING) return Promise.reject(serverBusy());
  return imageSlots(() => processImage(input, dir, widths));
}

/**
 * Checks a picture by its content (never its name), then re-encodes it as WebP at each width
 * (never enlarged), turned upright and with every metadata field (location included) dropped.
 * Files are named `<random>-<width>.webp` in `dir`; nothing is written unless all widths succeed.
 */
async function processImage(input: Buffer, dir: string, widths: readonly number[]): Promise<SavedImage> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
  } catch {
    throw imageErrors.IMAGE_INVALID();
  }
  if (!format || !acceptedFormats.has(format)) throw imageErrors.IMAGE_INVALID();

  let outputs: Buffer[];
  try {
    outputs = await Promise.all(
      widths.map((width) =>
        sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', animated: false })
          .rotate()
          .resize({ width, height: width * 2, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer(),
      ),
    );
  } catch {
    throw imageErrors.IMAGE_INVALID();
  }

  await mkdir(dir, { recursive: true });
  const base = randomBytes(12).toString('hex');
  const files = widths.map((width) => imageFileName(base, width));
  try {
    await Promise.all(files.map((file, index) => writeFile(path.join(dir, file), outputs[index]!)));
  } catch (error) {
    await removeImageFiles(dir, files);
    throw error;
  }
  return { base, files };
}

/**
 * A package image's share picture (`SHARE_PICTURE`), made once from its largest WebP file and kept
 * as `sharePictureFile(base)` beside it, within the bound on pictures processed at once. Answers
 * the JPEG, or null when the package image has no file.
 */
export async function sharePicture(dir: string, base: string): Promise<Buffer | null> {
  const kept = path.join(dir, sharePictureFile(base));
  const existing = await readFile(kept).catch(() => null);
  if (existing) return existing;
  const source = [...PACKAGE_IMAGE_WIDTHS].reverse().map((width) => path.join(dir, imageFileName(base, width)));
  if (imageSlots.pendingCount >= IMAGES_WAITING) throw serverBusy();
  return imageSlots(async () => {
    const sharp = await loadSharp();
    for (const file of source) {
      const input = await readFile(file).catch(() => null);
      if (!input) continue;
      const jpeg = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .resize({ width: SHARE_PICTURE.width, height: SHARE_PICTURE.height, fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer();
      const temporary = `${kept}.${randomBytes(4).toString('hex')}`;
      await writeFile(temporary, jpeg);
      await rename(temporary, kept);
      return jpeg;
    }
    return null;
  });
}

export async function removeImageFiles(dir: string, files: readonly string[]): Promise<void> {
  await Promise.all(files.map((file) => rm(path.join(dir, path.basename(file)), { force: true })));
}
