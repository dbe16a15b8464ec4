import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { checkpointInBackground, leaveCheckpointsToLitestream } from '../db/background-checkpoints.js';
import { databaseFile, isDatabaseHealthy, openDatabase, type Db } from '../db/client.js';
import { prepareDataKeys } from '../db/seal-personal-data.js';
import { chainAuditLog } from '../features/audit/audit.service.js';
import type { BuildOptions } from './build-options.js';
import { asksFromTheBox, healthDetails } from './health-details.js';

/**
 * The database: opened from the data folder (or the one a test hands over), its personal-data keys
 * ready, its WAL checkpointed in a worker when asked (or left to Litestream, WAL_CHECKPOINTS), and `/healthz` answering whether it reads.
 * Registered first, so it closes last: the checkpoints stop, then the database it opened closes
 * (a test's own database stays open for the test).
 */
export function registerDatabase(app: FastifyInstance, config: Config, options: Pick<BuildOptions, 'db' | 'backgroundCheckpoints'>): Db {
  const db = options.db ?? openDatabase(databaseFile(config.dataDir));
  prepareDataKeys(db, { dataDir: config.dataDir, key: config.dataEncryption.key, oldKeys: config.dataEncryption.oldKeys }, app.log);
  chainAuditLog(db);
  const checkpointsByApp = options.backgroundCheckpoints && config.walCheckpoints === 'app';
  if (options.backgroundCheckpoints && config.walCheckpoints === 'litestream') leaveCheckpointsToLitestream(db.$client, app.log);
  const checkpoints = checkpointsByApp ? checkpointInBackground(db.$client, { log: app.log }) : null;

  app.addHook('onClose', async () => {
    await checkpoints?.stop();
    if (!options.db) db.$client.close();
  });

  app.get('/healthz', async (request, reply) => {
    const healthy = isDatabaseHealthy(db);
    const wantsDetails = (request.query as { details?: unknown }).details !== undefined && asksFromTheBox(request);
    const details = wantsDetails ? healthDetails(config.dataDir) : undefined;
    return reply.code(healthy ? 200 : 503).send(details ? { ok: healthy, ...details } : { ok: healthy });
  });

  return db;
}
