import { buildApp } from './app.ts';
import { authModeNotices, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { deliveryWorkerFor } from './namespaces/notifications/notifications.deliveryWorker.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
  await migrateToLatest(database.db);
  await database.durable();
  const app = await buildApp({ config, database });
  // Sends queued notifications (push, sms, email); only with a provider for one of them.
  const pushWorker = deliveryWorkerFor(config, database, app.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // Fastify stops accepting connections, answers new requests 503 and waits for those in flight;
    // the push worker stops polling and finishes its run in flight. Then the database closes.
    Promise.all([app.close(), pushWorker?.stop()])
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  for (const notice of authModeNotices(config)) app.log[notice.level]({ authMode: config.auth.mode, env: config.env }, notice.message);
  pushWorker?.start();
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('start-up failed:', err);
  }
  process.exit(1);
});
