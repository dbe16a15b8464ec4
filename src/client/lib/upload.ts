import { currentLanguage } from './i18n';

export type UploadAnswer = { ok: boolean; status: number; body: Record<string, unknown> | null };

/** Posts a multipart form to one of the server's REST upload calls, with the session cookie. */
export async function postMultipart(url: string, form: FormData): Promise<UploadAnswer> {
  try {
    const response = await fetch(url, { method: 'POST', body: form, credentials: 'same-origin', headers: { 'x-lang': currentLanguage() } });
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    return { ok: response.ok, status: response.status, body };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

/** The server's message from an upload answer, or the fallback. */
export function uploadMessage(answer: UploadAnswer, fallback: string): string {
  const message = answer.body?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/**
 * Shrinks a photo on the phone before it is sent: camera pictures are several megabytes, and
 * mobile data is dear. Anything the browser cannot decode is sent as it is; the server checks it.
 */
export async function shrinkImage(file: File, maxSide = 1280): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size < 1024 * 1024) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ?? file;
  } catch {
    return file;
  }
}
