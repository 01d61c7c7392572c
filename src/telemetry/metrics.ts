import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ErrorCode } from '../values/errors.ts';

/**
 * The service's metrics (README "Metrics"), in one registry of their own. Label values come from
 * what the service declares (operations, error codes, jobs, queues), never from a request, so a
 * caller cannot add series.
 */
export const metricsRegistry = new Registry();
const registers = [metricsRegistry];

const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) => new Counter<L>({ name, help, labelNames, registers });
const gauge = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) => new Gauge<L>({ name, help, labelNames, registers });
const histogram = <L extends string = never>(name: string, help: string, buckets: number[], labelNames: readonly L[] = []) =>
  new Histogram<L>({ name, help, buckets, labelNames, registers });

/** Seconds: from half a millisecond to ten seconds, enough for a booking on SQLite and a slow export's start. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const requests = counter('healthops_requests_total', 'Calls of the operations, by namespace, operation and HTTP status of the answer.', ['namespace', 'operation', 'status']);
const requestDuration = histogram(
  'healthops_request_duration_seconds',
  'Time from finding the operation to its answer being durable, by namespace and operation.',
  LATENCY_BUCKETS,
  ['namespace', 'operation'],
);
const errors = counter('healthops_errors_total', 'Error answers by error code (docs/contract.md, "Errors"), unknown operations and unreadable bodies included.', ['code']);

const groupCommitBatches = counter('healthops_group_commit_batches_total', 'SQLite group commits: commits made, each one fsync for all its transactions.');
const groupCommitTransactions = histogram('healthops_group_commit_batch_transactions', 'SQLite group commit: transactions per commit.', [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
const groupCommitWaits = counter('healthops_group_commit_waits_total', 'SQLite group commit: answers that waited for a commit to make their writes durable.');
const groupCommitWaitSeconds = histogram(
  'healthops_group_commit_wait_seconds',
  'SQLite group commit: from a batch\'s first transaction to its commit on disk (the longest wait in the batch).',
  [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
);

const poolConnections = gauge('healthops_db_pool_connections', 'PostgreSQL pool: connections open.');
const poolIdle = gauge('healthops_db_pool_idle_connections', 'PostgreSQL pool: connections open and idle.');
const poolWaiting = gauge('healthops_db_pool_waiting_requests', 'PostgreSQL pool: queries waiting for a connection.');
const outboxDue = gauge('healthops_outbox_due', 'Rows of an outbox (a leased queue) whose time has come and that are not done: waiting, or being worked on.', ['queue']);
const readLogQueued = gauge('healthops_read_log_queued', 'Reads of patient data queued in this process, not yet written to the read log.');

const jobRuns = counter('healthops_job_runs_total', 'Runs of the scheduled jobs by this process, by job and outcome (ok, failed).', ['job', 'outcome']);
const jobItemFailures = counter('healthops_job_item_failures_total', 'Items a job acted on each on its own that failed (logged, tried again later), by job: a run can be ok with some.', ['job']);
const jobDuration = histogram('healthops_job_run_duration_seconds', 'How long a job\'s run took, by job.', [0.001, 0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120], ['job']);

let processMetrics = false;

/** Adds prom-client's process metrics (memory, CPU, event loop lag, GC): once, and only where /metrics is served. */
export function enableProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The name of an operation as declared (labels come from here only). */
export interface OperationName {
  readonly namespace: string;
  readonly name: string;
}

/** What one operation's calls update: its counter per status and its histogram, looked up once per operation. */
interface OperationMeter {
  observe(status: number, seconds: number): void;
}

const meters = new WeakMap<OperationName, OperationMeter>();

function meterOf(op: OperationName): OperationMeter {
  const labels = { namespace: op.namespace, operation: op.name };
  const duration = requestDuration.labels(labels);
  const byStatus = new Map<number, ReturnType<typeof requests.labels>>();
  return {
    observe(status, seconds) {
      let counter = byStatus.get(status);
      if (!counter) byStatus.set(status, (counter = requests.labels({ ...labels, status: String(status) })));
      counter.inc();
      duration.observe(seconds);
    },
  };
}

/** One call of a declared operation answered with `status` after `seconds`. */
export function observeRequest(op: OperationName, status: number, seconds: number): void {
  let meter = meters.get(op);
  if (!meter) meters.set(op, (meter = meterOf(op)));
  meter.observe(status, seconds);
}

export function countError(code: ErrorCode): void {
  errors.inc({ code });
}

/** One SQLite group commit: the transactions it made durable, the answers waiting for it, and how long its batch was open. */
export function observeGroupCommit(transactions: number, waiters: number, seconds: number): void {
  groupCommitBatches.inc();
  groupCommitTransactions.observe(transactions);
  if (waiters > 0) groupCommitWaits.inc(waiters);
  groupCommitWaitSeconds.observe(seconds);
}

export function observeJobRun(job: string, outcome: 'ok' | 'failed', seconds: number): void {
  jobRuns.inc({ job, outcome });
  jobDuration.observe({ job }, seconds);
}

/** An item of a job's run failed on its own (src/background/each-on-its-own.ts). */
export function countJobItemFailure(job: string): void {
  jobItemFailures.inc({ job });
}

/** What a scrape reads at that moment (the values of the gauges that are not counted as things happen). */
export interface ScrapeSources {
  /** PostgreSQL only */
  pool?: { total: number; idle: number; waiting: number } | undefined;
  readLogQueued: number;
  /** due rows by queue (table) name; undefined: not counted this time (the database away), left out */
  outboxDue: Readonly<Record<string, number | undefined>>;
}

/** The metrics in Prometheus' text format, with the gauges set from `sources`. */
export async function renderMetrics(sources: ScrapeSources): Promise<{ contentType: string; text: string }> {
  if (sources.pool) {
    poolConnections.set(sources.pool.total);
    poolIdle.set(sources.pool.idle);
    poolWaiting.set(sources.pool.waiting);
  }
  readLogQueued.set(sources.readLogQueued);
  for (const [queue, due] of Object.entries(sources.outboxDue)) {
    if (due === undefined) outboxDue.remove({ queue });
    else outboxDue.set({ queue }, due);
  }
  return { contentType: metricsRegistry.contentType, text: await metricsRegistry.metrics() };
}
