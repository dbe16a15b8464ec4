/**
 * `npm run bench`: builds the app, starts it on temporary databases, measures what DESIGN.md
 * budgets (page weight, Lighthouse, throughput against bare Fastify, reads at business scale,
 * login cost, memory), writes bench/report.md and bench/report.json, and exits non-zero when a
 * budget is missed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { databaseFile, openDatabase } from '../src/server/db/client.js';
import { enrollments, lectures } from '../src/server/db/schema.js';
import { projectRoot } from '../src/server/serve-client.js';
import { spawnServer } from '../src/test/server-process.js';
import { measureFirstCard } from './first-card.js';
import { runLighthouse, LIGHTHOUSE_BUDGET } from './lighthouse.js';
import { measureHashing, measureLoginFlood } from './login-cost.js';
import { rssMb } from './measure.js';
import { LEARNER_JS_BUDGET_KB, measurePageWeights } from './page-weight.js';
import { SCALE_P95_BUDGET_MS, measureScale } from './scale.js';
import { fillScaleData } from './scale-data.js';
import { CONNECTIONS, DURATION_SECONDS, measureThroughput, THROUGHPUT_BUDGET } from './throughput.js';

const started = Date.now();
const log = (message: string) => console.log(`[bench ${Math.round((Date.now() - started) / 1000)}s] ${message}`);
const temp: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temp.push(dir);
  return dir;
};

log('building the web app');
const built = spawnSync(process.execPath, [path.join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: projectRoot,
  env: { ...process.env, NODE_ENV: 'production' },
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('The build failed.');

// A small business for the page, throughput and login measurements.
const smallDir = tempDir('bench-small-');
const smallDb = openDatabase(databaseFile(smallDir));
const small = await fillScaleData(smallDb, { users: 2_000, orders: 4_000, ledgerLines: 10_000 });
for (let position = 0; position < 6; position += 1) {
  smallDb.insert(lectures).values({ packageId: 1, position, title: `Part ${position + 1}`, videoUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', createdAt: Date.now() }).run();
}
smallDb.insert(enrollments).values({ userId: small.earnerIds[0]!, packageId: 1, createdAt: Date.now() }).onConflictDoNothing().run();
smallDb.$client.close();

// The login flood logs one learner in thousands of times: the device limit would answer most with 409.
const server = await spawnServer({ DATA_DIR: smallDir, TRUST_PROXY: 'true', UPI_ID: 'marathisuccess@okaxis', MAX_DEVICES_PER_LEARNER: '0' });
const pid = server.child.pid!;
await new Promise((resolve) => setTimeout(resolve, 1000));
const idleRssMb = rssMb(pid);

log('page weight');
const pages = await measurePageWeights(server.url, [
  { name: '/', path: '/', learner: true },
  { name: '/packages', path: '/packages', learner: true },
  { name: '/course-content/{id}', path: '/course-content/1', token: small.earnerTokens[0]!, learner: true },
  { name: '/admin/dashboard', path: '/admin/dashboard', token: small.adminToken, learner: false },
]);

await measureFirstCard(server.url, log);

log('lighthouse (about 15 s a page)');
const lighthouse = [];
for (const page of ['/', '/packages', '/?lang=mr', '/packages?lang=mr']) {
  lighthouse.push({ page, ...(await runLighthouse(server.url + page)) });
}

log(`throughput (${CONNECTIONS} connections, ${DURATION_SECONDS} s each)`);
const throughput = await measureThroughput({ url: server.url, pid }, small.earnerTokens[0]!);

log('login flood');
const hashing = await measureHashing();
const logins = await measureLoginFlood({ url: server.url, pid }, 'learner5@example.com', 'bench-password-1');
server.child.kill('SIGTERM');
await server.exited;

log('filling 100,000 users, 200,000 orders and 1,000,000 ledger lines, then timing reads');
const scale = await measureScale(tempDir('bench-scale-'), { users: 100_000, orders: 200_000, ledgerLines: 1_000_000 });

for (const dir of temp) rmSync(dir, { recursive: true, force: true });

const verdict = (pass: boolean) => (pass ? 'pass' : '**MISS**');
const budgets = {
  pageWeight: pages.every((page) => page.pass),
  lighthouse: lighthouse.every((result) => result.pass),
  throughput: throughput.rows.every((row) => row.pass),
  scale: scale.reads.every((read) => read.pass),
};
const allPass = Object.values(budgets).every(Boolean);

const md: string[] = [];
md.push(`# Benchmark report`, '', `Run ${new Date().toISOString()} on ${process.platform}/${process.arch}, Node ${process.version}, in ${Math.round((Date.now() - started) / 1000)} s. Overall: ${allPass ? 'every budget holds' : 'a budget is missed'}.`, '');
md.push('## Page weight (first load, gzipped)', '', `Budget: at most ${LEARNER_JS_BUDGET_KB} KB of JavaScript on learner pages, and no admin code there.`, '');
md.push('| page | JavaScript | CSS | fonts | admin chunks loaded | verdict |', '|---|---|---|---|---|---|');
for (const page of pages) {
  md.push(`| ${page.page} | ${page.jsKb} KB | ${page.cssKb} KB | ${page.fontKb} KB | ${page.adminFilesLoaded.length} | ${page.learner ? verdict(page.pass) : 'admin page'} |`);
}
md.push('', '## Lighthouse (mobile, default throttling)', '', `Budget: every category at least ${LIGHTHOUSE_BUDGET}.`, '');
md.push('| page | performance | accessibility | best practices | SEO | verdict |', '|---|---|---|---|---|---|');
for (const result of lighthouse) {
  md.push(`| ${result.page} | ${result.scores.performance} | ${result.scores.accessibility} | ${result.scores['best-practices']} | ${result.scores.seo} | ${verdict(result.pass)}${result.error ? ` (${result.error})` : ''} |`);
}
md.push('', '## Throughput against bare Fastify', '', `autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, client and server on the same machine. Budget: each hot read at ${THROUGHPUT_BUDGET * 100}% or more of a bare Fastify server answering the same JSON from memory.`, '');
md.push('| read | bare req/s | product req/s | product p50 / p99 ms | ratio | verdict |', '|---|---|---|---|---|---|');
for (const row of throughput.rows) {
  md.push(`| ${row.name} \`${row.path}\` | ${row.bare.rps} | ${row.product.rps} | ${row.product.p50} / ${row.product.p99} | ${row.ratio} | ${verdict(row.pass)} |`);
}
md.push('', `## Scale`, '', `Filled ${Object.entries(scale.fill.counts).map(([name, n]) => `${n.toLocaleString('en-IN')} ${name}`).join(', ')} in ${(scale.fill.ms / 1000).toFixed(1)} s; the database is ${scale.fill.databaseMb} MB. Each read timed one after another through HTTP. Budget: p95 under ${SCALE_P95_BUDGET_MS} ms.`, '');
md.push('| read | p50 ms | p95 ms | p99 ms | verdict |', '|---|---|---|---|---|');
for (const read of scale.reads) md.push(`| ${read.name} | ${read.timing.p50} | ${read.timing.p95} | ${read.timing.p99} | ${verdict(read.pass)} |`);
md.push('', '## Login cost', '');
md.push(`- argon2id (19 MiB, 2 passes) hash: p50 ${hashing.p50} ms, p95 ${hashing.p95} ms.`);
md.push(`- Login flood (32 connections, 10 s, right password, many addresses): ${logins.loginsPerSecond} logins/s, p50 ${logins.p50} ms, p99 ${logins.p99} ms; ${logins.ok} succeeded, ${logins.refusedBusy} told to retry, ${logins.errors} errors; server peak ${logins.peakRssMb} MB.`);
md.push('', '## Memory', '', `- Server idle after start: ${idleRssMb} MB resident.`, `- Under the throughput load: ${throughput.peakRssMb} MB peak.`, `- Under the login flood: ${logins.peakRssMb} MB peak.`, '');

const report = { when: new Date().toISOString(), budgets, pages, lighthouse, throughput, scale, hashing, logins, memory: { idleRssMb, throughputPeakMb: throughput.peakRssMb, loginPeakMb: logins.peakRssMb } };
writeFileSync(path.join(projectRoot, 'bench', 'report.md'), `${md.join('\n')}\n`);
writeFileSync(path.join(projectRoot, 'bench', 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\n${md.join('\n')}`);
log(`done: bench/report.md and bench/report.json written`);
process.exit(allPass ? 0 : 1);
