import { z } from 'zod';
import { platform } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { jobState } from './jobs.results.ts';

/** The service's jobs (docs/scheduling.md, "Jobs"): when each ran, how it went, when it runs next, and its last runs. */
export const list = defineOperation({
  namespace: 'jobs',
  name: 'list', audience: platform,
  summary: 'The scheduled jobs: last run, outcome, failures in a row, last error, next run (platform admins)',
  input: z.object({ runs: z.int().min(0).max(50).default(5) }),
  output: itemsResult(jobState),
  async handler(ctx, input) {
    const jobs = await ctx.db.selectFrom('jobs').selectAll().orderBy('name').execute();
    const items = await Promise.all(
      jobs.map(async (job) => ({
        name: job.name,
        nextRunAt: Number(job.nextRunAt),
        running: job.leaseUntil !== null && Number(job.leaseUntil) > ctx.now(),
        failures: Number(job.failures),
        lastRunAt: job.lastRunAt === null ? null : Number(job.lastRunAt),
        lastOutcome: job.lastOutcome,
        lastError: job.lastError,
        lastItems: job.lastItems === null ? null : Number(job.lastItems),
        runs: (
          await ctx.db.selectFrom('jobRuns').selectAll().where('job', '=', job.name).orderBy('startedAt', 'desc').orderBy('id', 'desc').limit(input.runs).execute()
        ).map((run) => ({ ...run, startedAt: Number(run.startedAt), finishedAt: Number(run.finishedAt), items: Number(run.items) })),
      })),
    );
    return { items };
  },
});
