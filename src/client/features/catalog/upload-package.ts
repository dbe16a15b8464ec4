import { currentLanguage } from '../../lib/i18n';

export type UploadAnswer =
  | { ok: true; message: string }
  | { ok: false; message: string | null; code: string | null; fields: Record<string, string> };

/**
 * Creates a package by posting the form (with its image) to the REST call `POST /api/course/new`,
 * riding on the session cookie: the JSON API cannot carry a file. Same-origin, so the server's
 * cross-site check lets it through; the answer comes in the chosen language.
 */
export async function uploadPackage(form: FormData): Promise<UploadAnswer> {
  try {
    const response = await fetch('/api/course/new', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { 'x-lang': currentLanguage() },
    });
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string; fields?: Record<string, string> } | null;
    if (response.ok) return { ok: true, message: body?.message ?? '' };
    return { ok: false, message: body?.message ?? null, code: body?.code ?? null, fields: body?.fields ?? {} };
  } catch {
    return { ok: false, message: null, code: null, fields: {} };
  }
}
