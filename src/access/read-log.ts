import type { FastifyBaseLogger } from 'fastify';
import { principalOf } from '../caller/caller.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { inFixedSizes } from '../db/queries/fixed-sizes.ts';
import type { Context, Operation } from '../operations/operation.ts';
import type { PatientResolver, ReadRecord } from '../operations/reads.ts';
import { rowsOf, type PendingRead, type ReadRows } from './read-entries.ts';

export interface ReadLogOptions {
  /** How long a read waits in memory before its batch is written. */
  intervalMs?: number;
  /** A batch is written at once when this many reads wait. */
  batchSize?: number;
}

/** Rows per INSERT statement at most (and keys per resolver query): well under the bound-parameter limits of SQLite and PostgreSQL. */
const ROWS_PER_INSERT = 1000;

/** What the log needs of a call's context (a request's Context is one). */
export type ReadContext = Pick<Context, 'caller' | 'organizationId' | 'requestId' | 'ip' | 'now'> & { log: ErrorLog };
/** What the log needs of the operation: its name and its reads. */
export type ReadOperation = Pick<Operation, 'namespace' | 'name' | 'reads'>;
type ErrorLog = Pick<FastifyBaseLogger, 'error'>;

/** What the dispatcher hands each answered read of patient data to. */
export interface ReadRecorder {
  recordRead(op: ReadOperation, ctx: ReadContext, result: unknown): void;
}

interface Queued {
  pending: PendingRead;
  /** made when its batch is first written, kept for the retry (same ids) */
  rows?: ReadRows[];
  /** a write of it failed once already; a second failure drops it (and logs it) */
  retried: boolean;
}

/**
 * The read log of patient data (docs/access.md, "The read log"). A read costs the request one
 * array push: the queue is written in batches (one multi-row INSERT per table, in one
 * transaction) by a timer, never awaited by a request. `close()` writes everything left, so a
 * clean shutdown loses nothing. A failed batch is logged and tried once more with the next one.
 */
export class ReadLog implements ReadRecorder {
  readonly #database: DatabaseHandle;
  readonly #log: ErrorLog;
  readonly #intervalMs: number;
  readonly #batchSize: number;
  #queue: Queued[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** the batch being written; batches are written one after another */
  #writing: Promise<void> = Promise.resolve();

  constructor(database: DatabaseHandle, log: ErrorLog, options: ReadLogOptions = {}) {
    this.#database = database;
    this.#log = log;
    this.#intervalMs = options.intervalMs ?? 250;
    this.#batchSize = options.batchSize ?? 500;
  }

  /** Reads queued and not written yet (the metric healthops_read_log_queued). */
  get queued(): number {
    return this.#queue.length;
  }

  recordRead(op: ReadOperation, ctx: ReadContext, result: unknown): void {
    // A backend client is named `client:<id>` (docs/access.md, "The read log").
    const reader = principalOf(ctx.caller);
    if (reader === null || !op.reads) return;
    const resolve = op.reads.resolve;
    const queue = (records: ReadRecord[]) => {
      this.#queue.push({
        pending: {
          at: ctx.now(),
          actorIdpUserId: reader,
          operation: `${op.namespace}.${op.name}`,
          organizationId: ctx.organizationId,
          requestId: ctx.requestId,
          ip: ctx.ip,
          records,
          resolve,
        },
        retried: false,
      });
      if (this.#queue.length >= this.#batchSize) void this.flush();
      else this.#schedule();
    };
    let records: ReturnType<typeof op.reads.records>;
    try {
      records = op.reads.records(result);
    } catch (err) {
      // A mapping that does not fit its answer must not fail the read: the read is logged without its records.
      ctx.log.error({ err, operation: `${op.namespace}.${op.name}` }, 'read log: the operation\'s reads did not fit its answer');
      records = [];
    }
    // A stream (an export) hands its records over while it is read: one entry per batch of them.
    if (Array.isArray(records)) queue(records);
    else records.onRecords(queue);
  }

  /** Writes every read queued so far; resolves when they are durable (or their failure is logged). */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#queue;
    this.#queue = [];
    this.#writing = this.#writing
      .then(() => this.#write(batch))
      .catch((err: unknown) => this.#log.error({ err }, 'read log: writing failed'));
    return this.#writing;
  }

  /** Writes what is queued, and what failed once, before the database closes. */
  async close(): Promise<void> {
    await this.flush();
    if (this.#queue.length > 0) await this.flush();
  }

  async #write(batch: Queued[]): Promise<void> {
    if (batch.length === 0) return;
    for (let start = 0; start < batch.length; start += this.#batchSize) {
      const part = batch.slice(start, start + this.#batchSize);
      try {
        await this.#resolve(part);
        await this.#insert(part.flatMap((q) => (q.rows ??= rowsOf(q.pending))));
      } catch (err) {
        this.#failed(part, err);
      }
    }
  }

  /**
   * Names the patients of records that carry only a key (a lab result file its lab order): one
   * query per resolver and chunk of keys for the whole batch, never on a request's path.
   */
  async #resolve(part: Queued[]): Promise<void> {
    const waiting = new Map<PatientResolver, { records: ReadRecord[]; keys: Set<string> }>();
    for (const q of part) {
      if (q.rows || !q.pending.resolve) continue;
      for (const record of q.pending.records) {
        if (record.patientId || !record.via) continue;
        let group = waiting.get(q.pending.resolve);
        if (!group) waiting.set(q.pending.resolve, (group = { records: [], keys: new Set() }));
        group.records.push(record);
        group.keys.add(record.via);
      }
    }
    for (const [resolve, { records, keys }] of waiting) {
      const all = [...keys];
      const found = new Map<string, string>();
      for (let i = 0; i < all.length; i += ROWS_PER_INSERT) {
        for (const [key, patientId] of await resolve(this.#database.db, all.slice(i, i + ROWS_PER_INSERT))) found.set(key, patientId);
      }
      for (const record of records) record.patientId = found.get(record.via!) ?? null;
    }
  }

  async #insert(rows: ReadRows[]): Promise<void> {
    const reads = rows.map((r) => r.read);
    const patients = rows.flatMap((r) => r.patients);
    await this.#database.db.transaction().execute(async (trx) => {
      for (const slice of inFixedSizes(reads, ROWS_PER_INSERT)) await trx.insertInto('patientDataReads').values(slice).execute();
      for (const slice of inFixedSizes(patients, ROWS_PER_INSERT)) await trx.insertInto('patientDataReadPatients').values(slice).execute();
    });
    await this.#database.durable();
  }

  #failed(part: Queued[], err: unknown): void {
    const again = part.filter((q) => !q.retried);
    const dropped = part.filter((q) => q.retried);
    if (again.length > 0) {
      this.#log.error({ err, reads: again.length }, 'read log: writing a batch failed; it is tried again with the next one');
      this.#queue.unshift(...again.map((q) => ({ ...q, retried: true })));
      this.#schedule();
    }
    if (dropped.length > 0) {
      // The application log keeps what the database would not take.
      const entries = dropped.flatMap((q) => (q.rows ?? rowsOf(q.pending)).map((r) => r.read));
      this.#log.error({ err, entries }, 'read log: a batch failed twice; its entries are only in this log');
    }
  }

  #schedule(): void {
    this.#timer ??= setTimeout(() => void this.flush(), this.#intervalMs).unref();
  }
}
