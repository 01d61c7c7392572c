import { buildApp } from './app.ts';
import { authModeNotices, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { JobRunner } from './jobs/runner.ts';
import { allJobs } from './namespaces/index.ts';
import { deliveryWorkerFor } from './namespaces/notifications/notifications.deliveryWorker.ts';
import { createServices } from './providers/index.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
  await migrateToLatest(database.db);
  await database.durable();
  const app = await buildApp({ config, database });
  // Sends queued notifications (push, sms, email); only with a provider for one of them.
  const pushWorker = deliveryWorkerFor(config, database, app.log);
  // Reminders, automatic no-shows, lapsed holds, follow-ups, expiry alerts (docs/scheduling.md, "Jobs").
  const jobRunner = config.jobs.enabled ? new JobRunner({ database, config, services: createServices(config, app.log), log: app.log, jobs: allJobs }) : undefined;

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
    Promise.all([app.close(), pushWorker?.stop(), jobRunner?.stop()])
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
  jobRunner?.start();
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('start-up failed:', err);
  }
  process.exit(1);
});
