import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { anonymous } from '../caller/caller.ts';
import type { Context } from '../operations/operation.ts';
import type { Services } from '../provider-interfaces.ts';
import { observeJobRun } from '../telemetry/metrics.ts';
import { newId } from '../values/ids.ts';
import { Poller } from './poller.ts';

/** A job the service runs on time by itself (docs/scheduling.md, "Jobs"). */
export interface JobDefinition {
  /** unique, `namespace.what` */
  name: string;
  /** the pause between two runs */
  everyMs: number;
  /**
   * One run, inside one transaction (`ctx.db`) unless `transactional` is false: what it writes commits together or not at all.
   * Returns how many items it acted on. A run does a bounded batch; what is left waits for the next.
   */
  run(ctx: Context): Promise<number>;
  /**
   * false: `ctx.db` is the database itself and the job makes its own transactions (for a job that
   * calls an outside provider, which must not hold a transaction open). Default true.
   */
  transactional?: boolean;
}

export interface JobRunnerOptions {
  /** how long a run may take before another runner may take the job over */
  leaseMs?: number;
  /** the pause between two looks at what is due */
  pollMs?: number;
  /** the first retry waits this long after a failure, doubling up to retryMaxMs */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export interface JobRunnerDeps {
  database: DatabaseHandle;
  config: Config;
  services: Services;
  log: FastifyBaseLogger;
  jobs: readonly JobDefinition[];
  /** unix ms; tests move it */
  now?: () => number;
  options?: JobRunnerOptions;
}

const DEFAULTS = { leaseMs: 5 * 60_000, pollMs: 15_000, retryBaseMs: 30_000, retryMaxMs: 30 * 60_000 };

/** Wait after the n-th failure in a row: base, 2 base, 4 base ... at most max. */
export function retryDelayMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, failures - 1), maxMs);
}

/**
 * Runs the jobs when they are due. Each job has a row in `jobs` (its next run, its lease): a runner
 * takes a due job with one conditional UPDATE (due, and no live lease), so that with several
 * processes on one database each due run happens once; a runner that stops mid-run loses the job
 * when its lease ends. A run is one transaction; a failed run is retried with backoff and shows in
 * jobs.list. Every run is recorded in `jobRuns`.
 */
export class JobRunner {
  readonly id = `runner-${newId()}`;
  readonly #deps: JobRunnerDeps;
  readonly #options: Required<JobRunnerOptions>;
  readonly #poller: Poller;

  constructor(deps: JobRunnerDeps) {
    this.#deps = deps;
    this.#options = { ...DEFAULTS, ...deps.options };
    this.#poller = new Poller(() => this.runDue(), this.#options.pollMs, (err) => deps.log.error({ err }, 'job runner: a pass failed'));
  }

  start(): void {
    this.#poller.start();
  }

  /** Stops looking for due jobs and waits for the run in flight. */
  async stop(): Promise<void> {
    await this.#poller.stop();
  }

  /** Runs every job that is due now and not leased elsewhere; resolves with the names of those run. */
  async runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.#deps.jobs) {
      if (await this.#claim(job)) {
        await this.#run(job);
        ran.push(job.name);
      }
    }
    return ran;
  }

  #now(): number {
    return (this.#deps.now ?? Date.now)();
  }

  /** Takes the job when it is due and not leased by a live runner: one statement, so one runner wins. */
  async #claim(job: JobDefinition): Promise<boolean> {
    const { db } = this.#deps.database;
    const now = this.#now();
    await db
      .insertInto('jobs')
      .values({ name: job.name, nextRunAt: now, leasedBy: null, leaseUntil: null, failures: 0, lastRunAt: null, lastOutcome: null, lastError: null, lastItems: null, updatedAt: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const taken = await db
      .updateTable('jobs')
      .set({ leasedBy: this.id, leaseUntil: now + this.#options.leaseMs, updatedAt: now })
      .where('name', '=', job.name)
      .where('nextRunAt', '<=', now)
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]))
      .executeTakeFirst();
    await this.#deps.database.durable();
    return Number(taken.numUpdatedRows) === 1;
  }

  async #run(job: JobDefinition): Promise<void> {
    const { database, log } = this.#deps;
    const startedAt = this.#now();
    const started = performance.now();
    let items = 0;
    let error: string | null = null;
    try {
      items = job.transactional === false ? await job.run(this.#context(database.db)) : await database.db.transaction().execute((trx) => job.run(this.#context(trx)));
      await database.durable();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      log.error({ err, job: job.name }, 'job failed; it is retried with backoff');
    }
    observeJobRun(job.name, error === null ? 'ok' : 'failed', (performance.now() - started) / 1000);
    await this.#settle(job, startedAt, items, error);
  }

  /** Records the run and schedules the next: the job's interval after a success, a growing backoff after a failure. */
  async #settle(job: JobDefinition, startedAt: number, items: number, error: string | null): Promise<void> {
    const { db } = this.#deps.database;
    const now = this.#now();
    const current = await db.selectFrom('jobs').select('failures').where('name', '=', job.name).executeTakeFirst();
    const failures = error === null ? 0 : Number(current?.failures ?? 0) + 1;
    const { retryBaseMs, retryMaxMs } = this.#options;
    const nextRunAt = now + (error === null ? job.everyMs : retryDelayMs(failures, retryBaseMs, retryMaxMs));
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('jobs')
        .set({ nextRunAt, leasedBy: null, leaseUntil: null, failures, lastRunAt: startedAt, lastOutcome: error === null ? 'ok' : 'failed', lastError: error, lastItems: items, updatedAt: now })
        .where('name', '=', job.name)
        .where('leasedBy', '=', this.id)
        .execute();
      await trx
        .insertInto('jobRuns')
        .values({ id: newId(), job: job.name, runner: this.id, startedAt, finishedAt: now, outcome: error === null ? 'ok' : 'failed', items, error })
        .execute();
    });
    await this.#deps.database.durable();
  }

  /** The context a job runs with: the service itself, no caller, no organization. */
  #context(db: Context['db']): Context {
    const { database, config, services, log } = this.#deps;
    return {
      db,
      dialect: database.dialect,
      config,
      services,
      caller: anonymous,
      organizationId: null,
      membership: null,
      asOwner: false,
      requestId: `job-${newId()}`,
      ip: '127.0.0.1',
      log,
      now: () => this.#now(),
    };
  }
}
