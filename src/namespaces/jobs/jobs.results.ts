import { z } from 'zod';
import { out } from '../../values/results.ts';

/** Result schemas of the jobs namespace (src/values/results.ts), from src/background/jobs.table.ts. */

/** How a run ended (src/background/runner.ts). */
const outcome = () => z.enum(['ok', 'failed']);

/** One run of a job. */
export const jobRun = out
  .record({
    id: out.id(),
    job: out.text(),
    /** the runner (process) that ran it */
    runner: out.text(),
    startedAt: out.ts(),
    finishedAt: out.ts(),
    outcome: outcome(),
    /** what the job reported it handled */
    items: out.int(),
    error: out.text().nullable(),
  })
  .meta({ title: 'jobRun' });

/** A job's state and its last runs, newest first. */
export const jobState = z
  .object({
    name: out.text(),
    nextRunAt: out.ts(),
    /** a runner holds its lease now */
    running: out.bool(),
    /** failed runs in a row */
    failures: out.int(),
    lastRunAt: out.ts().nullable(),
    lastOutcome: outcome().nullable(),
    lastError: out.text().nullable(),
    lastItems: out.int().nullable(),
    runs: z.array(jobRun),
  })
  .meta({ title: 'job' });
