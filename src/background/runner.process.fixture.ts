/**
 * One service process's job runner, for runner.test.ts: for `durationMs` of real time it looks for
 * due jobs every 5 ms, with one job due every `everyMs`, against the database given.
 * Each run writes a marker row in its transaction.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createServices } from '../providers/index.ts';
import { newId } from '../values/ids.ts';
import { JobRunner, type JobDefinition } from './runner.ts';

const [url, name, everyMs, durationMs] = process.argv.slice(2) as [string, string, string, string];
const database = openDatabase(url, { poolSize: 2 });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url });
const log = pino({ level: 'silent' });
const job: JobDefinition = {
  name,
  everyMs: Number(everyMs),
  async run(ctx) {
    const at = ctx.now();
    await ctx.db.insertInto('jobRuns').values({ id: newId(), job: `${name}.marker`, runner: String(process.pid), startedAt: at, finishedAt: at, outcome: 'ok', items: 0, error: null }).execute();
    return 1;
  },
};
const runner = new JobRunner({ database, config, services: createServices(config, log), log, jobs: [job] });
const deadline = Date.now() + Number(durationMs);
while (Date.now() < deadline) {
  await runner.runDue();
  await sleep(5);
}
await database.close();
