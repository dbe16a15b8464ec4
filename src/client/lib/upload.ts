import { currentLanguage } from './i18n';

type UploadFailure = { ok: false; status: number; message: string | null; code: string | null; fields: Record<string, string> };

/** What an upload call answered: `body` is the call's JSON on success; on failure its message, code and field errors. */
export type UploadAnswer<T> = { ok: true; status: number; message: string | null; body: T | null } | UploadFailure;

function stringFields(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * Posts a multipart form to one of the server's REST upload calls (the JSON API cannot carry a
 * file), riding on the session cookie. Same-origin, so the server's cross-site check lets it
 * through; the answer comes in the chosen language. `T` is the shape of the call's success body.
 */
export async function postUpload<T = unknown>(url: string, form: FormData): Promise<UploadAnswer<T>> {
  try {
    const response = await fetch(url, { method: 'POST', body: form, credentials: 'same-origin', headers: { 'x-lang': currentLanguage() } });
    const json: unknown = await response.json().catch(() => null);
    const record = json !== null && typeof json === 'object' ? (json as Record<string, unknown>) : null;
    const message = typeof record?.message === 'string' && record.message ? record.message : null;
    if (response.ok) return { ok: true, status: response.status, message, body: json as T | null };
    const code = typeof record?.code === 'string' ? record.code : null;
    return { ok: false, status: response.status, message, code, fields: stringFields(record?.fields) };
  } catch {
    return { ok: false, status: 0, message: null, code: null, fields: {} };
  }
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
