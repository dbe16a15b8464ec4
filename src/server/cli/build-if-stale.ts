/**
 * The first half of `npm start`: builds the web app, its server entry and the compiled server
 * (dist-server/) when any is missing or older than its sources, then exits. The second half runs
 * the compiled server with plain Node (decision 195). A fresh clone needs only `npm ci` first.
 */
import { ensureClientBuild, ensureServerBuild } from './client-build.js';

await ensureClientBuild();
await ensureServerBuild();
