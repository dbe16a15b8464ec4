import { existsSync, realpathSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { saveImage } from '../../lib/images.js';
import { PACKAGE_IMAGE_WIDTHS } from '../../lib/uploads.js';
import type { LegacyExport } from './legacy-export.js';
import { mappedId } from './legacy-ids.js';
import type { Problems } from './legacy-report.js';

/** A legacy picture larger than this is not read (an upload's limit is 5 MB). */
const MAX_LEGACY_IMAGE_BYTES = 20 * 1024 * 1024;

export type PreparedImage = { base: string; files: string[]; usedDefault: boolean };

let defaultPicture: Promise<Buffer> | undefined;
/** The picture of a package whose legacy file is missing: a plain card in the site's colour. */
function defaultImage(): Promise<Buffer> {
  defaultPicture ??= sharp({ create: { width: 1280, height: 720, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  return defaultPicture;
}

/**
 * The legacy picture's file inside the export folder, or null when its path leads outside it: by
 * `..`, an absolute path, a NUL byte, or a link inside the folder that points out of it.
 */
export function legacyImageFile(dir: string, image: string): string | null {
  if (image.includes('\0')) return null;
  const relative = image.replace(/\\/g, '/').replace(/^\/+/, '');
  const root = realpathSync(path.resolve(dir));
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return null;
  if (!existsSync(file)) return file;
  const real = realpathSync(file);
  return real.startsWith(root + path.sep) ? real : null;
}

/** Re-encodes each new package's picture as an upload would be; a missing or broken one becomes the default picture. */
export async function prepareImages(db: Db, data: LegacyExport, dir: string, target: string, problems: Problems): Promise<Map<string, PreparedImage>> {
  const prepared = new Map<string, PreparedImage>();
  for (const course of data.courses) {
    if (prepared.has(course._id) || mappedId(db, 'package', course._id) !== undefined) continue;
    const where = `courses.json ${course._id} (${course.name})`;
    let input: Buffer | null = null;
    const file = course.image ? legacyImageFile(dir, course.image) : null;
    if (!course.image) problems.add('warning', where, 'has no picture: the default picture is used');
    else if (!file) problems.add('warning', where, `picture "${course.image}" points outside the export folder: the default picture is used`);
    else if (!existsSync(file)) problems.add('warning', where, `picture ${course.image} is not in the export folder: the default picture is used`);
    else if ((await stat(file)).size > MAX_LEGACY_IMAGE_BYTES)
      problems.add('warning', where, `picture ${course.image} is over 20 MB: the default picture is used`);
    else input = await readFile(file);
    let saved: { base: string; files: string[] } | null = null;
    if (input) {
      try {
        saved = await saveImage(input, target, PACKAGE_IMAGE_WIDTHS);
      } catch {
        problems.add('warning', where, `picture ${course.image} is not a picture that can be read: the default picture is used`);
      }
    }
    const usedDefault = saved === null;
    saved ??= await saveImage(await defaultImage(), target, PACKAGE_IMAGE_WIDTHS);
    prepared.set(course._id, { ...saved, usedDefault });
  }
  return prepared;
}
