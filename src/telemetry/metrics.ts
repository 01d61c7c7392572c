import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ErrorCode } from '../values/errors.ts';

/**
 * The service's metrics (README "Metrics"), in one registry of their own. Label values come from
 * what the service declares (operations, error codes, jobs, queues), never from a request, so a
 * caller cannot add series.
 */
export const metricsRegistry = new Registry();
const registers = [metricsRegistry];

/** Seconds: from a millisecond to ten seconds, enough for a booking on SQLite and a slow export's start. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const requests = new Counter({
  name: 'healthops_requests_total',
  help: 'Calls of the operations, by namespace, operation and HTTP status of the answer.',
  labelNames: ['namespace', 'operation', 'status'] as const,
  registers,
});
const requestDuration = new Histogram({
  name: 'healthops_request_duration_seconds',
  help: 'Time from finding the operation to its answer being durable, by namespace and operation.',
  labelNames: ['namespace', 'operation'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});
const errors = new Counter({
  name: 'healthops_errors_total',
  help: 'Error answers by error code (docs/contract.md, "Errors"), unknown operations and unreadable bodies included.',
  labelNames: ['code'] as const,
  registers,
});

const groupCommitBatches = new Counter({
  name: 'healthops_group_commit_batches_total',
  help: 'SQLite group commits: commits made, each one fsync for all its transactions.',
  registers,
});
const groupCommitTransactions = new Histogram({
  name: 'healthops_group_commit_batch_transactions',
  help: 'SQLite group commit: transactions per commit.',
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
  registers,
});
const groupCommitWaits = new Counter({
  name: 'healthops_group_commit_waits_total',
  help: 'SQLite group commit: answers that waited for a commit to make their writes durable.',
  registers,
});
const groupCommitWaitSeconds = new Histogram({
  name: 'healthops_group_commit_wait_seconds',
  help: 'SQLite group commit: from a batch\'s first transaction to its commit on disk (the longest wait in the batch).',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers,
});

const poolConnections = new Gauge({ name: 'healthops_db_pool_connections', help: 'PostgreSQL pool: connections open.', registers });
const poolIdle = new Gauge({ name: 'healthops_db_pool_idle_connections', help: 'PostgreSQL pool: connections open and idle.', registers });
const poolWaiting = new Gauge({ name: 'healthops_db_pool_waiting_requests', help: 'PostgreSQL pool: queries waiting for a connection.', registers });

const outboxDue = new Gauge({
  name: 'healthops_outbox_due',
  help: 'Rows of an outbox (a leased queue) whose time has come and that are not done: waiting, or being worked on.',
  labelNames: ['queue'] as const,
  registers,
});
const readLogQueued = new Gauge({ name: 'healthops_read_log_queued', help: 'Reads of patient data queued in this process, not yet written to the read log.', registers });

const jobRuns = new Counter({
  name: 'healthops_job_runs_total',
  help: 'Runs of the scheduled jobs by this process, by job and outcome (ok, failed).',
  labelNames: ['job', 'outcome'] as const,
  registers,
});
const jobDuration = new Histogram({
  name: 'healthops_job_run_duration_seconds',
  help: 'How long a job\'s run took, by job.',
  labelNames: ['job'] as const,
  buckets: [0.001, 0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
  registers,
});

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

/** What a scrape reads at that moment (the values of the gauges that are not counted as things happen). */
export interface ScrapeSources {
  /** PostgreSQL only */
  pool?: { total: number; idle: number; waiting: number } | undefined;
  readLogQueued: number;
  /** due rows by queue (table) name */
  outboxDue: Readonly<Record<string, number>>;
}

/** The metrics in Prometheus' text format, with the gauges set from `sources`. */
export async function renderMetrics(sources: ScrapeSources): Promise<{ contentType: string; text: string }> {
  if (sources.pool) {
    poolConnections.set(sources.pool.total);
    poolIdle.set(sources.pool.idle);
    poolWaiting.set(sources.pool.waiting);
  }
  readLogQueued.set(sources.readLogQueued);
  for (const [queue, due] of Object.entries(sources.outboxDue)) outboxDue.set({ queue }, due);
  return { contentType: metricsRegistry.contentType, text: await metricsRegistry.metrics() };
}
