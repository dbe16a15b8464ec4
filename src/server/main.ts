import { buildApp } from './http/app.js';
import { ConfigError, loadConfig } from './config.js';
import { checkDataDir, StartupError } from './lib/data-dir.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  const config = loadConfig();
  checkDataDir(config.dataDir);
  const { app } = await buildApp(config, { dev, backgroundCheckpoints: true, backgroundMail: true });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.siteName} is serving at ${config.publicUrl}${dev ? ' (dev, hot reload)' : ''}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
