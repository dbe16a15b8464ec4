import path from 'node:path';
import type { Config } from '../../config.js';

/** Widths of a package image's WebP files: a phone's card, a tablet's or a retina phone's, a wide screen's. */
export const PACKAGE_IMAGE_WIDTHS = [320, 640, 960] as const;

export function packagesDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads', 'packages');
}

export function packageImageFiles(base: string): string[] {
  return PACKAGE_IMAGE_WIDTHS.map((width) => `${base}-${width}.webp`);
}
