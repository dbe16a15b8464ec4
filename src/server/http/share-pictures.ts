import type { FastifyInstance } from 'fastify';
import { sharePicture } from '../lib/images.js';
import { packageImagesDir, SHARE_PICTURES_URL_PREFIX } from '../lib/uploads.js';

/**
 * `GET /share/packages/<base>.jpg`: a package image as the JPEG a shared link's preview shows
 * (`og:image`), made on the first ask and kept; cached for good, since every upload gets a new base.
 */
export function serveSharePictures(app: FastifyInstance, dataDir: string): void {
  app.get<{ Params: { file: string } }>(`${SHARE_PICTURES_URL_PREFIX}:file`, async (request, reply) => {
    const base = /^([\w-]{1,64})\.jpg$/.exec(request.params.file)?.[1];
    const picture = base ? await sharePicture(packageImagesDir(dataDir), base) : null;
    if (!picture) return reply.code(404).type('text/plain').send('Not found');
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=31536000, immutable').send(picture);
  });
}
