import type { FastifyRequest } from 'fastify';
import { imageErrors } from '../lib/images.js';
import { requestErrors } from '../lib/request.errors.js';

export type MultipartForm = { fields: Record<string, string>; file: Buffer | null; fileName: string | null };

/**
 * Reads a multipart form: its text fields and the one file field named `fileField` (others are
 * ignored). Limits are set where the plugin is registered; a file over the size limit is a 413
 * (`tooLarge` says it in the caller's words; a picture's by default).
 */
export async function readMultipart(request: FastifyRequest, fileField: string, options: { tooLarge?: () => Error } = {}): Promise<MultipartForm> {
  if (!request.isMultipart()) throw requestErrors.NOT_MULTIPART();
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  let fileName: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === fileField && file === null) {
          const buffer = await part.toBuffer();
          file = buffer.length > 0 ? buffer : null;
          fileName = part.filename || null;
        } else {
          part.file.resume();
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw (options.tooLarge ?? imageErrors.IMAGE_TOO_LARGE)();
    throw requestErrors.NOT_MULTIPART();
  }
  return { fields, file, fileName };
}
