import { outboxDirOf } from '../lib/mail-delivery.js';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { createMailer, type Mailer } from '../lib/mailer.js';
import type { AppDeps } from '../trpc/context.js';
import { PURGE_EVERY_MS, purgeExpired } from '../features/auth/purge.service.js';
import { RECONCILE_EVERY_MS, reconcileGatewayOrders } from '../features/payments/payments.service.js';
import { DRIP_EVERY_MS, notifyOpenedLectures } from '../features/drip/drip.service.js';
import type { BuildOptions } from './build-options.js';

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
