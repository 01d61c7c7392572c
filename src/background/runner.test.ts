import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { orgId, platformAdmin, signIn } from '../../test/builders.ts';
import { describeEachDialect, ok, type TestApp } from '../../test/harness.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { createServices } from '../providers/index.ts';
import { JobRunner, retryDelayMs, type JobDefinition } from './runner.ts';

const T0 = Date.UTC(2030, 0, 15, 9, 0);
let clock = T0;
const MINUTE = 60_000;
const OPTIONS = { leaseMs: 5 * MINUTE, retryBaseMs: 10_000, retryMaxMs: 80_000 };

function runnerOn(t: TestApp, jobs: JobDefinition[], database: DatabaseHandle = t.database): JobRunner {
  return new JobRunner({ database, config: t.config, services: createServices(t.config, t.app.log), log: t.app.log, jobs, now: () => clock, options: OPTIONS });
}

let names = 0;
/** A job that counts its runs (and writes a row per run, to show the run's transaction); it fails while `failing` says so. */
function countingJob(state: { runs: number; failing: number }): JobDefinition {
  const name = `test.counting${String(++names)}`;
  return {
    name,
    everyMs: MINUTE,
    async run(ctx) {
      state.runs += 1;
      await ctx.db.insertInto('jobRuns').values({ id: `${name}-${String(state.runs)}`, job: `${name}.marker`, runner: 'test', startedAt: clock, finishedAt: clock, outcome: 'ok', items: 0, error: null }).execute();
      if (state.failing > 0) {
        state.failing -= 1;
        throw new Error('the provider is down');
      }
      return 3;
    },
  };
}

const markers = async (t: TestApp, job: JobDefinition) =>
  (await t.database.db.selectFrom('jobRuns').select('id').where('job', '=', `${job.name}.marker`).execute()).length;

describeEachDialect('the job runner', (t) => {
  test('a job runs when due and then every interval, each run recorded; jobs.list shows it to platform admins only', async () => {
    clock = T0;
    const state = { runs: 0, failing: 0 };
    const job = countingJob(state);
    const runner = runnerOn(t(), [job]);
    assert.deepEqual(await runner.runDue(), [job.name]);
    clock = T0 + 30_000;
    assert.deepEqual(await runner.runDue(), []);
    clock = T0 + MINUTE;
    assert.deepEqual(await runner.runDue(), [job.name]);
    assert.equal(state.runs, 2);
    const admin = await platformAdmin(t());
    const listed = ok(await t().call('jobs', 'list', {}, { token: admin.token })).items.find((j: { name: string }) => j.name === job.name);
    assert.deepEqual([listed.lastOutcome, listed.failures, listed.lastItems, listed.nextRunAt, listed.running], ['ok', 0, 3, T0 + 2 * MINUTE, false]);
    assert.deepEqual(listed.runs.map((r: { outcome: string; startedAt: number }) => [r.outcome, r.startedAt]), [['ok', T0 + MINUTE], ['ok', T0]]);
    const member = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    assert.equal((await t().call('jobs', 'list', {}, { token: member.token })).statusCode, 403);
  });

  test('a failing run writes nothing, is retried with growing backoff, and shows in jobs.list until it succeeds', async () => {
    clock = T0;
    const state = { runs: 0, failing: 2 };
    const job = countingJob(state);
    const runner = runnerOn(t(), [job]);
    await runner.runDue();
    assert.equal(await markers(t(), job), 0, 'the failed run was rolled back');
    const row = async () => t().database.db.selectFrom('jobs').selectAll().where('name', '=', job.name).executeTakeFirstOrThrow();
    assert.deepEqual([Number((await row()).failures), Number((await row()).nextRunAt), (await row()).lastError], [1, T0 + retryDelayMs(1, 10_000, 80_000), 'the provider is down']);
    clock = T0 + 9_999;
    assert.deepEqual(await runner.runDue(), []);
    clock = T0 + 10_000;
    await runner.runDue();
    assert.deepEqual([Number((await row()).failures), Number((await row()).nextRunAt)], [2, clock + 20_000]);
    const admin = await platformAdmin(t());
    const shown = ok(await t().call('jobs', 'list', {}, { token: admin.token })).items.find((j: { name: string }) => j.name === job.name);
    assert.deepEqual([shown.lastOutcome, shown.failures, shown.lastError], ['failed', 2, 'the provider is down']);
    clock += 20_000;
    await runner.runDue();
    assert.deepEqual([(await row()).lastOutcome, Number((await row()).failures), await markers(t(), job)], ['ok', 0, 1]);
  });

  test('a job leased by a runner that stopped is taken over when its lease ends', async () => {
    clock = T0;
    const state = { runs: 0, failing: 0 };
    const job = countingJob(state);
    const runner = runnerOn(t(), [job]);
    await t().database.db.insertInto('jobs').values({ name: job.name, nextRunAt: T0, leasedBy: 'gone', leaseUntil: T0 + OPTIONS.leaseMs, failures: 0, lastRunAt: null, lastOutcome: null, lastError: null, lastItems: null, updatedAt: T0 }).execute();
    assert.deepEqual(await runner.runDue(), []);
    clock = T0 + OPTIONS.leaseMs;
    assert.deepEqual(await runner.runDue(), [job.name]);
  });

  test('two service processes on one database, polling at once for 3 s: a run every interval at most, never two', async (context) => {
    if (t().dialect !== 'postgres') return context.skip('several processes share a PostgreSQL database, not a SQLite file (docs/appointments.md)');
    const name = `test.processes${String(++names)}`;
    const everyMs = 200;
    const fixture = fileURLToPath(new URL('./runner.process.fixture.ts', import.meta.url));
    const processes = [0, 1].map(() => {
      const child = spawn(process.execPath, [fixture, t().databaseUrl!, name, String(everyMs), '3000'], { stdio: ['ignore', 'ignore', 'inherit'] });
      return once(child, 'exit');
    });
    assert.deepEqual(await Promise.all(processes), [[0, null], [0, null]]);
    const runs = await t().database.db.selectFrom('jobRuns').select(['startedAt', 'runner']).where('job', '=', `${name}.marker`).orderBy('startedAt').execute();
    const starts = runs.map((r) => Number(r.startedAt));
    assert.ok(runs.length >= 3, `the job ran (${String(runs.length)} runs)`);
    starts.slice(1).forEach((at, i) => assert.ok(at - starts[i]! >= everyMs, `two runs ${String(at - starts[i]!)} ms apart`));
    assert.equal((await t().database.db.selectFrom('jobRuns').select('id').where('job', '=', name).execute()).length, runs.length, 'every run recorded once');
  });

  test('two runners on their own connections, at once, many times: each due run happens once', async () => {
    clock = T0;
    const state = { runs: 0, failing: 0 };
    const job = countingJob(state);
    let second: DatabaseHandle = t().database;
    if (t().dialect === 'postgres') {
      second = openDatabase(t().databaseUrl!, { poolSize: 4 });
    }
    try {
      const runners = [runnerOn(t(), [job]), runnerOn(t(), [job], second)];
      for (let due = 0; due < 5; due += 1) {
        clock = T0 + due * MINUTE;
        await Promise.all([...runners, ...runners].map((r) => r.runDue()));
      }
      assert.equal(state.runs, 5);
      assert.equal(await markers(t(), job), 5);
    } finally {
      if (second !== t().database) await second.close();
    }
  });
});
