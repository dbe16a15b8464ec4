import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let learner: string;

beforeAll(async () => {
  t = await startTestApp();
  learner = (await createUserWithToken(t.db)).token;
});
afterAll(async () => {
  await t.close();
});

/**
 * Starts a 4 MB multipart upload, sends only its first kilobyte and waits: a server that reads
 * the body before checking who is sending it would wait too, and never answer.
 */
function startUpload(path: string, token?: string): Promise<{ status: number; body: any }> {
  const boundary = 'gate-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
  const url = new URL(t.url + path);
  return new Promise((resolve, reject) => {
    const req = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(4 * 1024 * 1024),
        ...(token && { token }),
      },
    });
    req.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.write(head + 'x'.repeat(1024));
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${path} did not answer before the body was sent`));
    }, 3000);
  });
}

describe('uploads', () => {
  it('are refused before their body is read when the sender may not upload', async () => {
    for (const path of ['/api/image', '/api/course/new', '/api/course/1/edit', '/api/admin/statements']) {
      const visitor = await startUpload(path);
      expect(visitor.status, path).toBe(401);
      expect(visitor.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    for (const path of ['/api/course/new', '/api/course/1/edit', '/api/admin/statements']) {
      const user = await startUpload(path, learner);
      expect(user.status, path).toBe(403);
      expect(user.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });
});
