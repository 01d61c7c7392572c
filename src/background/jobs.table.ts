/** How a run ended. */
export type JobOutcome = 'ok' | 'failed';

/** A job's schedule and lease (src/background/runner.ts). */
export interface JobsTable {
  name: string;
  nextRunAt: number;
  /** the runner holding the lease, while it runs the job */
  leasedBy: string | null;
  leaseUntil: number | null;
  /** failed runs in a row (0 after a success): the backoff grows with it */
  failures: number;
  lastRunAt: number | null;
  lastOutcome: JobOutcome | null;
  lastError: string | null;
  lastItems: number | null;
  updatedAt: number;
}

/** One run of a job. */
export interface JobRunsTable {
  id: string;
  job: string;
  runner: string;
  startedAt: number;
  finishedAt: number;
  outcome: JobOutcome;
  items: number;
  error: string | null;
}

declare module '../db/schema.ts' {
  interface Database {
    jobRuns: JobRunsTable;
    jobs: JobsTable;
  }
}
