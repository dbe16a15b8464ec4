import { statfsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';

/** What an operator reads before a resource runs out (docs/deploy.md, "How big a box"). */
export type HealthDetails = {
  databaseBytes: number;
  walBytes: number;
  diskFreeBytes: number;
  residentBytes: number;
  heapUsedBytes: number;
  uptimeSeconds: number;
};

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

export function healthDetails(dataDir: string): HealthDetails {
  const databaseFile = path.join(dataDir, 'app.db');
  const disk = statfsSync(dataDir);
  const memory = process.memoryUsage();
  return {
    databaseBytes: sizeOf(databaseFile),
    walBytes: sizeOf(`${databaseFile}-wal`),
    diskFreeBytes: disk.bavail * disk.bsize,
    residentBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    uptimeSeconds: Math.round(process.uptime()),
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Details go only to a caller on the box itself (curl on the server, a local monitor): Caddy
 * always adds X-Forwarded-For, so a request from outside never gets them, whatever TRUST_PROXY says.
 */
export function asksFromTheBox(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
}
