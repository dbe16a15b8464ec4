import type { DestinationStream } from 'pino';
import type { FastifyServerOptions } from 'fastify';
import type { Db } from '../db/client.js';
import type { Mailer } from '../lib/mailer.js';
import type { NotificationChannel } from '../lib/notification-channel.js';

export type BuildOptions = {
  /** Serve the client through Vite's dev server with hot reload. */
  dev?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The built web app's folder (dist/client); the service worker's test deploys releases into one of its own. */
  clientDir?: string;
  /** Where the app's own log lines go (standard output otherwise). */
  logStream?: DestinationStream;
  now?: () => number;
  /** How often expired sessions, reset links and registrations are deleted (PURGE_EVERY_MS). */
  purgeEveryMs?: number;
  db?: Db;
  mailer?: Mailer;
  /** Checkpoint the WAL in a worker thread (db/background-checkpoints.ts); the server process does. */
  backgroundCheckpoints?: boolean;
  /** Build and hand over emails in a worker thread (lib/mail-thread.ts); the server process does. */
  backgroundMail?: boolean;
  /** False leaves the gateway's reconcile job to the test that runs it by hand. */
  reconcileGateway?: boolean;
  /** False leaves the drip job (emails about lectures that opened) to the test that runs it by hand. */
  dripEmails?: boolean;
  /** The WhatsApp channel of the notification outbox (none: every message goes by email). */
  whatsAppChannel?: NotificationChannel;
  /** How often the outbox worker looks for due rows besides the kick after each commit. */
  notifyEveryMs?: number;
  /** False sends every /trpc call to tRPC's Fastify adapter, no road for reads in front (http/trpc-reads.ts's parity test compares the two). */
  trpcLightReads?: boolean;
  /** Told of the paths of each GET the road for reads answered itself, not tRPC's adapter (its test). */
  trpcLightReadAnswered?: (paths: readonly string[]) => void;
};
