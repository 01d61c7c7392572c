import { readFileSync } from 'node:fs';
import { buildApp } from './app.ts';
import { authModeNotices, ConfigError, developmentSwitches, loadConfig, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest, pendingMigrations } from './db/migrate.ts';
import { DatabaseUnreachable, redactedDatabaseUrl, waitForDatabase } from './db/wait.ts';
import { JobRunner } from './background/runner.ts';
import { listen } from './listen.ts';
import { allJobs } from './namespaces/index.ts';
import { deliveryWorkerFor } from './namespaces/notifications/notifications.deliveryWorker.ts';
import { createServices } from './providers/index.ts';
import { startTracing, stopTracing } from './telemetry/tracing.ts';

/** A reason to stop at start-up that one line explains (no stack). */
class StartupError extends Error {}

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

async function main(): Promise<void> {
  const config = loadConfig();
  // OpenTelemetry is loaded only here, and only when configured (README "Tracing").
  if (config.tracing) await startTracing({ ...config.tracing, serviceVersion: version });
  const database = openDatabase(config.databaseUrl, {
    sqliteSynchronous: config.sqliteSynchronous,
    sqliteCacheMiB: config.sqliteCacheMiB,
    sqliteCheckpointPages: config.sqliteCheckpointPages,
    poolSize: config.database.poolSize,
    connectTimeoutMs: config.database.connectTimeoutMs,
  });
  const target = redactedDatabaseUrl(config.databaseUrl);
  await waitForDatabase(database, target, {
    timeoutMs: config.database.waitMs,
    onRetry: ({ attempt, reason, retryInMs }) =>
      console.error(JSON.stringify({ level: 'warn', msg: `waiting for the database at ${target}`, attempt, reason, retryInMs })),
  });
  const migrations = await prepareSchema(database, config);
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
      .then(() => stopTracing())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const { bound, reachable } = await listen(app, config);
  // Written whatever LOG_LEVEL says: the one line an operator always needs (same shape as the log's).
  startupLine(
    {
      version,
      node: process.version,
      env: config.env,
      database: target,
      authMode: config.auth.mode,
      developmentSwitches: developmentSwitches(config),
      migrations,
      listen: bound,
      docs: `${reachable}/docs`,
      metrics: metricsAt(config, reachable, app.metricsServer?.url()),
      tracing: config.tracing ? new URL(config.tracing.endpoint).origin : false,
      jobs: config.jobs.enabled,
      deliveries: { push: Boolean(config.push.url), sms: Boolean(config.sms), email: Boolean(config.mail.smtpUrl) },
      corsOrigins: config.corsOrigins,
    },
  );
  for (const notice of authModeNotices(config)) if (notice.level === 'warn') app.log.warn({ authMode: config.auth.mode, env: config.env }, notice.message);
  pushWorker?.start();
  jobRunner?.start();
}

/** Where /metrics is served (README "Metrics"), or false. */
function metricsAt(config: Config, service: string, ownServer: string | undefined): string | false {
  if (ownServer) return `${ownServer}/metrics`;
  return config.metrics.token ? `${service}/metrics (bearer token)` : false;
}

function startupLine(fields: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: 'healthops started', ...fields })}\n`);
}

/** Applies pending migrations, or (MIGRATE_ON_START=false) refuses to start while any is pending. */
async function prepareSchema(database: DatabaseHandle, config: Config): Promise<{ applied: number; onStart: boolean }> {
  if (config.database.migrateOnStart) return { applied: (await migrateToLatest(database.db)).length, onStart: true };
  const pending = await pendingMigrations(database.db);
  if (pending.length > 0) {
    throw new StartupError(`${pending.length} migration(s) pending (${pending[0]!}${pending.length > 1 ? ' ...' : ''}) and MIGRATE_ON_START=false: run npm run migrate first`);
  }
  return { applied: 0, onStart: false };
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof StartupError || err instanceof DatabaseUnreachable) {
    console.error(err.message);
  } else {
    console.error('start-up failed:', err);
  }
  process.exit(1);
});
