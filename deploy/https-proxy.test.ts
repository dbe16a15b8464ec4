/**
 * The production shape, end to end on this machine: Caddy (Debian's package) with the shipped
 * deploy/Caddyfile in front of the server (TRUST_PROXY=1, PUBLIC_URL=https://…), certificates from
 * Caddy's own local authority (`local_certs`) instead of Let's Encrypt, on free local ports.
 * Requests come from 127.0.0.2 and 127.0.0.3 while Caddy reaches the server from 127.0.0.1, so the
 * client's address the server sees can only be right if it read Caddy's X-Forwarded-For.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom } from '../src/test/accounts.js';
import { readOutbox, waitForEmail } from '../src/test/outbox.js';
import { spawnServer, type ServerProcess } from '../src/test/server-process.js';
import { projectRoot } from '../src/server/http/serve-client.js';
import { UPLOAD_FILE_LIMIT } from '../src/server/http/security.plugin.js';

const run = promisify(execFile);
const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: any };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let dir: string;
let server: ServerProcess;
let caddy: ChildProcess;
let caddyOutput = '';
let httpsPort: number;
let httpPort: number;
let ca: Buffer;

/** One request through Caddy, from the given local address (a client's own address). */
function call(method: string, urlPath: string, options: { from?: string; headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port: httpsPort,
        servername: 'localhost',
        ca,
        localAddress: options.from ?? '127.0.0.2',
        method,
        path: urlPath,
        headers: { host: `localhost:${httpsPort}`, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: the test sees the text.
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

function callJson(method: string, urlPath: string, body?: unknown, options: { token?: string; from?: string; headers?: Record<string, string> } = {}) {
  return call(method, urlPath, {
    ...(options.from && { from: options.from }),
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(options.token && { token: options.token }), ...options.headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

/** A multipart form as a browser sends it. */
async function postForm(urlPath: string, fields: Record<string, string>, file: { field: string; name: string; type: string; content: Buffer }, token: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const request = new Request('http://form.invalid/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return call('POST', urlPath, { headers: { 'content-type': request.headers.get('content-type')!, token }, body });
}

/** A PNG of noise (it does not compress) just under the app's upload limit. */
async function pictureNear(limit: number): Promise<Buffer> {
  let side = Math.floor(Math.sqrt(limit / 3));
  for (;;) {
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (Math.imul(i, 2654435761) >>> 13) & 0xff;
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    if (png.length <= limit) return png;
    side -= 8;
  }
}

async function waitForCaddy() {
  const rootCert = path.join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (existsSync(rootCert)) {
      ca = await readFile(rootCert);
      const answer = await call('GET', '/healthz').catch(() => null);
      if (answer?.status === 200) return;
    }
    if (Date.now() > deadline) throw new Error(`Caddy did not serve HTTPS within 30 s:\n${caddyOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  if (!existsSync(CADDY)) throw new Error(`Caddy is not installed at ${CADDY}: apt-get install -y caddy (.ci/run does).`);
  dir = await mkdtemp(path.join(tmpdir(), 'https-proxy-'));
  [httpsPort, httpPort] = [await freePort(), await freePort()];
  server = await spawnServer({
    DATA_DIR: path.join(dir, 'app-data'),
    PUBLIC_URL: `https://localhost:${httpsPort}`,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'debug',
    UPI_ID: 'marathisuccess@okaxis',
  });
  const appPort = new URL(server.url).port;

  // The shipped site block as it is, with this machine's name, ports and log file.
  const shipped = await readFile(path.join(projectRoot, 'deploy', 'Caddyfile'), 'utf8');
  const site = shipped
    .replace('learn.example.com {', 'localhost {')
    .replace('reverse_proxy 127.0.0.1:3000', `reverse_proxy 127.0.0.1:${appPort}`)
    .replace('/var/log/caddy/marathi-success.log', path.join(dir, 'caddy-access.log'));
  expect(site).not.toBe(shipped);
  const globals = `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n}\n\n`;
  await writeFile(path.join(dir, 'Caddyfile'), globals + site);
  // Caddy runs with the umask of the shipped drop-in for caddy.service, as systemd would start it.
  const dropIn = await readFile(path.join(projectRoot, 'deploy', 'caddy-umask.conf'), 'utf8');
  const umask = dropIn.match(/^UMask=(0[0-7]{3})$/m)![1]!;
  caddy = spawn('/bin/sh', ['-c', `umask ${umask} && exec "$0" "$@"`, CADDY, 'run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
  caddy.stderr!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
  await waitForCaddy();
}, 120_000);

afterAll(async () => {
  caddy?.kill('SIGTERM');
  server?.child.kill('SIGTERM');
  await server?.exited;
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('behind Caddy with HTTPS (deploy/Caddyfile)', () => {
  it('serves the site over HTTPS with HSTS, and sends plain HTTP to HTTPS', async () => {
    const home = await call('GET', '/');
    expect(home.status).toBe(200);
    expect(home.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);

    const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port: httpPort, path: '/packages', headers: { host: 'localhost' } }, resolve).on('error', reject),
    );
    plain.resume();
    expect(plain.statusCode).toBe(308);
    expect(plain.headers.location).toMatch(/^https:\/\/localhost(:\d+)?\/packages$/);
  });

  it('lets a learner register, log in with a secure cookie, buy, be approved and open the lectures; an upload at the limit passes', async () => {
    const outbox = () => readOutbox(path.join(dir, 'app-data', 'outbox'));
    const passwordFile = path.join(dir, 'admin-password');
    await writeFile(passwordFile, 'admin-mango-lassi-42\n');
    await run(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/admin.ts', 'create', '--email', 'admin@example.com', '--name', 'Admin', '--password-file', passwordFile],
      {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: path.join(dir, 'app-data') },
      },
    );
    const adminLogin = await callJson('POST', '/api/user/login', { email: 'admin@example.com', password: 'admin-mango-lassi-42' });
    expect(adminLogin.status).toBe(200);
    const adminToken = adminLogin.body.token as string;

    // A package whose picture is as large as the app takes.
    const picture = await pictureNear(UPLOAD_FILE_LIMIT);
    expect(picture.length).toBeGreaterThan(UPLOAD_FILE_LIMIT * 0.97);
    const created = await postForm(
      '/api/course/new',
      { name: 'Share market basics', description: 'From the first share to a portfolio.', price: '999' },
      { field: 'image', name: 'cover.png', type: 'image/png', content: picture },
      adminToken,
    );
    expect(created.status).toBe(201);
    const packageId = created.body.course._id as string;
    const lecture = await callJson(
      'POST',
      `/api/course/${packageId}/lecture`,
      { video: 'https://youtu.be/dQw4w9WgXcQ', title: 'Part 1' },
      { token: adminToken },
    );
    expect(lecture.status).toBe(201);

    const email = `priya.${process.pid}@example.com`;
    const registered = await callJson('POST', '/api/user/register', { name: 'Priya', email, contact: '9876543210', password: 'mango-lassi-42' });
    expect(registered.status).toBe(200);
    const code = await waitForEmail(outbox, email, (message) => /verification code/.test(message.subject));
    const verified = await callJson('POST', '/api/user/verify', { activationToken: registered.body.activationToken, otp: codeFrom(code.text) });
    expect(verified.status).toBe(200);
    const login = await callJson('POST', '/api/user/login', { email, password: 'mango-lassi-42' });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    const token = login.body.token as string;
    // The legacy sign-up never asks the age; the app asks it before anything is bought (decision 133).
    const age = await callJson('POST', '/trpc/privacy.answerAge', { adult: true }, { token });
    expect(age.status).toBe(200);

    const purchase = await callJson('POST', '/api/course/purchase', { courseId: packageId, transactionId: '412345678901', name: 'Priya', email }, { token });
    expect(purchase.status).toBe(200);
    const approved = await callJson('POST', '/approve', { orderId: purchase.body.order._id, action: 'approve' }, { token: adminToken });
    expect(approved.status).toBe(200);

    const lectures = await callJson('GET', `/api/getlecturesByCourseId/${packageId}`, undefined, { token });
    expect(lectures.status).toBe(200);
    expect(lectures.body.lectures).toEqual([
      expect.objectContaining({ video: expect.stringMatching(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/) }),
    ]);
    const player = await call('GET', `/course/study/${packageId}`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(player.status).toBe(200);
    expect(String(player.body)).toContain('<html');
  });

  it('logs every request with no token in any form (header, query string, reset link, Referer), in a file only its owner reads', async () => {
    const secrets = Array.from({ length: 6 }, (_, index) => `Secret${index}${process.pid}x${Date.now()}`);
    const [sessionToken, setupToken, resetToken, erasureToken, pathToken, refererToken] = secrets as [string, string, string, string, string, string];
    await callJson('GET', '/api/user/me', undefined, { token: sessionToken });
    await call('GET', `/setup?token=${setupToken}`, { headers: { accept: 'text/html' } });
    await callJson('POST', `/api/user/reset?token=${resetToken}`, { password: 'a-new-password-7' });
    await call('GET', `/account/erase?token=${encodeURIComponent(erasureToken)}&lang=mr`, { headers: { accept: 'text/html' } });
    await call('GET', `/reset-password/${pathToken}`, {
      headers: { accept: 'text/html', referer: `https://localhost:${httpsPort}/reset-password/${refererToken}` },
    });

    const logFile = path.join(dir, 'caddy-access.log');
    const lines = async () => (existsSync(logFile) ? (await readFile(logFile, 'utf8')).split('\n').filter(Boolean) : []);
    await expect.poll(async () => (await lines()).filter((line) => line.includes('/reset-password/[redacted]')).length).toBe(1);
    const uris = (await lines()).map((line) => (JSON.parse(line) as { request: { uri: string } }).request.uri);
    expect(uris).toEqual(expect.arrayContaining(['/api/user/me', '/setup?[redacted]', '/api/user/reset?[redacted]', '/account/erase?[redacted]']));
    const logged = (await lines()).join('\n');
    for (const secret of secrets) expect(logged).not.toContain(secret);
    expect(logged).not.toMatch(/"Token"|"Referer"/);
    expect((await stat(logFile)).mode & 0o777).toBe(0o600);
  });

  it("counts a client's guesses by its real address: a forged X-Forwarded-For neither escapes the limit nor shows in the log", async () => {
    // Password-reset requests are limited to 30 an hour per address (password-reset.service.ts).
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const answer = await callJson(
        'POST',
        '/api/user/forgot',
        { email: `nobody${attempt}@example.com` },
        { headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` } },
      );
      expect(answer.status).toBe(200);
    }
    const over = await callJson('POST', '/api/user/forgot', { email: 'nobody-more@example.com' }, { headers: { 'x-forwarded-for': '203.0.113.99' } });
    expect(over.status).toBe(429);
    // Another client (another address behind the same Caddy) is not held back by the first one's count.
    const other = await callJson('POST', '/api/user/forgot', { email: 'someone@example.com' }, { from: '127.0.0.3' });
    expect(other.status).toBe(200);

    const requestLines = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"url":"/api/user/forgot"'));
    // The last lines may still be on their way from the server's log.
    await expect.poll(() => requestLines().length).toBe(32);
    expect(requestLines().filter((line) => line.includes('"ip":"127.0.0.2"'))).toHaveLength(31);
    expect(requestLines().filter((line) => line.includes('"ip":"127.0.0.3"'))).toHaveLength(1);
    expect(server.output()).not.toContain('203.0.113.');
  });
});
