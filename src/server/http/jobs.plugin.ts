import { outboxDirOf } from '../lib/mail-delivery.js';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { createMailer, type Mailer } from '../lib/mailer.js';
import type { AppDeps } from '../trpc/context.js';
import { PURGE_EVERY_MS, purgeExpired } from '../features/auth/purge.service.js';
import { RECONCILE_EVERY_MS, reconcileGatewayOrders } from '../features/payments/payments.service.js';
import { DRIP_EVERY_MS, notifyOpenedLectures } from '../features/drip/drip.service.js';
import type { BuildOptions } from './build-options.js';
import { createNotifier } from '../features/notifications/notifier.service.js';
import type { Notifier } from '../lib/notification-channel.js';
import { createEmailChannel } from '../features/notifications/email-channel.js';
import { emailTemplates } from './email-templates.js';
import { createWhatsAppChannel } from '../features/whatsapp/whatsapp.channel.js';

/** How often the outbox is looked at besides the kick after each commit: retries that came due, rows a restart found. */
const NOTIFY_EVERY_MS = 15_000;

/** How often held fallback emails whose WhatsApp message went long ago are dropped (they wait a day: an hour's lateness is nothing). */
const FALLBACK_SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The notification outbox's worker: email through the mailer, WhatsApp when the wiring hands a
 * channel over. It starts delivering once the app is ready and stops before the mailer closes.
 */
export function registerNotifier(
  app: FastifyInstance,
  deps: { db: AppDeps['db']; config: Config; now: () => number },
  mailer: Mailer,
  options: Pick<BuildOptions, 'whatsAppChannel' | 'notifyEveryMs'>,
): Notifier {
  // WhatsApp goes through Meta's Cloud API when its settings are given (a test may hand its own channel over).
  const whatsapp = options.whatsAppChannel ?? (deps.config.whatsapp ? createWhatsAppChannel(deps.config.whatsapp, { log: app.log }) : undefined);
  const notifier = createNotifier({
    db: deps.db,
    now: deps.now,
    log: app.log,
    channels: {
      email: createEmailChannel(mailer, emailTemplates),
      ...(whatsapp && { whatsapp }),
    },
    maxAttempts: 8,
    baseDelayMs: 30_000,
  });
  let timer: NodeJS.Timeout | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  const sweep = () => {
    try {
      const dropped = notifier.dropStaleFallbacks();
      if (dropped > 0) app.log.info({ dropped }, 'held fallback emails dropped: their WhatsApp messages went a day ago');
    } catch (error) {
      app.log.error({ err: error }, 'dropping held fallback emails failed');
    }
  };
  app.addHook('onReady', async () => {
    notifier.start();
    sweep();
    notifier.kick();
    timer = setInterval(notifier.kick, options.notifyEveryMs ?? NOTIFY_EVERY_MS);
    timer.unref();
    sweepTimer = setInterval(sweep, FALLBACK_SWEEP_EVERY_MS);
    sweepTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    if (sweepTimer) clearInterval(sweepTimer);
    await notifier.stop();
  });
  return notifier;
}

/** The mailer (or the one a test hands over), closed when the app closes, after the jobs that send mail have stopped. */
export function registerMailer(app: FastifyInstance, config: Config, options: Pick<BuildOptions, 'mailer' | 'backgroundMail'>): Mailer {
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: outboxDirOf(config.dataDir),
      log: app.log,
      inWorker: options.backgroundMail ?? false,
    });
  app.addHook('onClose', async () => {
    await mailer.close();
  });
  return mailer;
}

/**
 * The jobs that run on a schedule: the purge of expired rows, the gateway's reconcile, the drip
 * emails. Their timers are cleared when the app closes.
 */
export function registerScheduledJobs(
  app: FastifyInstance,
  deps: AppDeps,
  options: Pick<BuildOptions, 'purgeEveryMs' | 'reconcileGateway' | 'dripEmails'>,
): void {
  // Expired sessions, reset links and registrations are deleted at start and then on a schedule.
  const purge = () => {
    try {
      const purged = purgeExpired(deps.db, deps.now());
      app.log.debug({ purged }, 'expired rows deleted');
    } catch (error) {
      app.log.error({ err: error }, 'deleting expired rows failed');
    }
  };
  purge();
  const purgeTimer = setInterval(purge, options.purgeEveryMs ?? PURGE_EVERY_MS);
  purgeTimer.unref();

  // With a payment gateway: orders nobody heard of are asked about on a schedule (missed webhooks).
  const reconcile = () =>
    reconcileGatewayOrders(deps).then(
      (done) => (done.asked > 0 ? app.log.info(done, 'gateway orders reconciled') : undefined),
      (error: unknown) => app.log.error({ err: error }, 'reconciling gateway orders failed'),
    );
  const reconcileTimer = deps.gateway && options.reconcileGateway !== false ? setInterval(reconcile, RECONCILE_EVERY_MS) : null;
  reconcileTimer?.unref();

  // Lectures that open on a schedule: their learners are emailed when they open.
  const drip = () => {
    try {
      const done = notifyOpenedLectures(deps);
      if (done.emailed > 0) app.log.info(done, 'learners told of lectures that opened');
    } catch (error) {
      app.log.error({ err: error }, 'telling learners of lectures that opened failed');
    }
  };
  const dripTimer = options.dripEmails === false ? null : setInterval(drip, DRIP_EVERY_MS);
  dripTimer?.unref();

  app.addHook('onClose', async () => {
    clearInterval(purgeTimer);
    if (dripTimer) clearInterval(dripTimer);
    if (reconcileTimer) clearInterval(reconcileTimer);
  });
}
