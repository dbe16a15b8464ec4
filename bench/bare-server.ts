/**
 * The physical limit: a bare Fastify server that answers stored JSON from memory, one route per
 * payload. `node --import tsx bench/bare-server.ts PAYLOADS.json` prints its address.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const payloads = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, unknown>;
const app = Fastify({ logger: false });
for (const [name, body] of Object.entries(payloads)) {
  app.get(`/${name}`, async () => body);
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`Server listening at ${address}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
