/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then
 * starts the server (which applies migrations). A fresh clone needs only `npm install` first.
 */
import { ensureClientBuild } from './client-build.js';

await ensureClientBuild();
await import('../main.js');
