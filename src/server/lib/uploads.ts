import path from 'node:path';

/**
 * Uploaded pictures, in one place: where they are kept on disk (DATA_DIR/uploads/…) and the URLs
 * they are served at (`/uploads/…` for the app, absolute on PUBLIC_URL for existing clients).
 * Every path or URL of an upload is built here; a row stores only the file's name (profile
 * pictures) or base name (package pictures).
 */

/** The URL path the uploads folder is served under. */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** Widths of a package image's WebP files: a phone's card, a tablet's or a retina phone's, a wide screen's. */
export const PACKAGE_IMAGE_WIDTHS = [320, 640, 960] as const;

/** The middle width: what an `<img src>` and the REST answers' `image` use. */
const DEFAULT_PACKAGE_IMAGE_WIDTH = PACKAGE_IMAGE_WIDTHS[1];

/** A profile picture is one WebP file of this width. */
export const PROFILE_IMAGE_WIDTH = 256;

/** DATA_DIR/uploads: the folder served under /uploads/. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function packageImagesDir(dataDir: string): string {
  return path.join(uploadsDir(dataDir), 'packages');
}

export function profileImagesDir(dataDir: string): string {
  return path.join(uploadsDir(dataDir), 'profiles');
}

/** The name of one width's file: `<base>-<width>.webp`. */
export function imageFileName(base: string, width: number): string {
  return `${base}-${width}.webp`;
}

/** Every file of a package image (its share picture too, once made), to remove them together. */
export function packageImageFiles(base: string): string[] {
  return [...PACKAGE_IMAGE_WIDTHS.map((width) => imageFileName(base, width)), sharePictureFile(base)];
}

export function packageImageUrl(base: string | null, width: number = DEFAULT_PACKAGE_IMAGE_WIDTH): string | null {
  return base ? `${UPLOADS_URL_PREFIX}packages/${imageFileName(base, width)}` : null;
}

/** Every width, for the `srcset` of an `<img>`. */
export function packageImageSrcSet(base: string | null): string | null {
  return base ? PACKAGE_IMAGE_WIDTHS.map((width) => `${packageImageUrl(base, width)} ${width}w`).join(', ') : null;
}

/**
 * The picture a shared link's preview shows (Open Graph): a JPEG, which every crawler reads (some
 * read no WebP), cut to the 1.91:1 shape previews use, made from the package image on first ask.
 */
export const SHARE_PICTURE = { width: 960, height: 504 } as const;
export const SHARE_PICTURES_URL_PREFIX = '/share/packages/';

/** `/share/packages/<base>.jpg` for a package image's URL (`/uploads/packages/<base>-640.webp`). */
export function sharePictureUrl(imageUrl: string | null): string | null {
  const base = imageUrl ? /\/packages\/([\w-]+)-\d+\.webp$/.exec(imageUrl)?.[1] : undefined;
  return base ? `${SHARE_PICTURES_URL_PREFIX}${base}.jpg` : null;
}

/** The kept JPEG of a package image's share picture, beside its WebP files. */
export function sharePictureFile(base: string): string {
  return `${base}-share.jpg`;
}

export function profileImageUrl(file: string | null): string | null {
  return file ? `${UPLOADS_URL_PREFIX}profiles/${file}` : null;
}

/**
 * An upload's URL without the leading slash, as existing clients read a package picture: the
 * legacy client builds `${server}/${course.image}` (LEGACY.md).
 */
export function uploadPathWithoutSlash(url: string | null): string | null {
  return url === null ? null : url.replace(/^\/+/, '');
}

/**
 * An upload's URL made absolute on PUBLIC_URL: the legacy client puts profile pictures straight
 * into `<img src>` on its own origin (LEGACY.md), so a path would point at that origin. A URL
 * that is already absolute is given back as it is.
 */
export function absoluteUploadUrl(url: string | null, publicUrl: string): string | null {
  if (url === null || /^https?:\/\//.test(url)) return url;
  return `${publicUrl}/${url.replace(/^\/+/, '')}`;
}
