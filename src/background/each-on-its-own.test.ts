import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect } from '../../test/harness.ts';
import { createServices } from '../providers/index.ts';
import { eachOnItsOwn } from './each-on-its-own.ts';
import { JobRunner, type JobDefinition } from './runner.ts';

describeEachDialect('a job acting on each item on its own', (t) => {
  const outcomeOf = async (job: JobDefinition) => {
    await new JobRunner({ database: t().database, config: t().config, services: createServices(t().config, t().app.log), log: t().app.log, jobs: [job] }).runDue();
    return t().database.db.selectFrom('jobs').select(['lastOutcome', 'lastError', 'lastItems']).where('name', '=', job.name).executeTakeFirstOrThrow();
  };
  const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  test('counts the items acted on, not those passed over', async () => {
    const job: JobDefinition = { name: 'test.eachCounted', everyMs: 60_000, transactional: false, run: (ctx) => eachOnItsOwn(ctx, 'test.eachCounted', items, (_tx, item) => Promise.resolve(item.id !== 'b')) };
    assert.deepEqual({ ...(await outcomeOf(job)) }, { lastOutcome: 'ok', lastError: null, lastItems: 2 });
  });

  test('sums the counts items answer, of those that committed only', async () => {
    const counts: Record<string, number> = { a: 2, b: 5, c: 3 };
    const run: JobDefinition['run'] = (ctx) => eachOnItsOwn(ctx, 'test.eachSummed', items, (_tx, item) => (item.id === 'b' ? Promise.reject(new Error('down')) : Promise.resolve(counts[item.id]!)));
    assert.deepEqual({ ...(await outcomeOf({ name: 'test.eachSummed', everyMs: 60_000, transactional: false, run })) }, { lastOutcome: 'ok', lastError: null, lastItems: 5 });
  });

  test('in a job that runs in one transaction it refuses at once, naming what to declare', async () => {
    const job: JobDefinition = { name: 'test.eachInOne', everyMs: 60_000, run: (ctx) => eachOnItsOwn(ctx, 'test.eachInOne', items, () => Promise.resolve(true)) };
    const outcome = await outcomeOf(job);
    assert.equal(outcome.lastOutcome, 'failed');
    assert.match(String(outcome.lastError), /declare transactional: false/);
  });
});
