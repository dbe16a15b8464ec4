import { bodyOf } from './test-app.js';

/** Posts a multipart form as a browser would: text fields and one file. */
export async function postForm(
  url: string,
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; content: Buffer } | null,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const response = await fetch(url, { method: 'POST', body: form, headers });
  return { status: response.status, body: await bodyOf(response) };
}
