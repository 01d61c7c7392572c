import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { retryDelayMs } from './runner.ts';

/** The columns of a queue's table that the lease uses, whatever else the table holds. */
interface LeaseColumns {
  id: string;
  state: string;
  /** until when a claimer holds the row (and the token its outcome is written with); null: nobody */
  lockedUntil: number | null;
}

/** The tables with those columns. */
type LeasableTable = { [T in keyof Database]: Database[T] extends LeaseColumns ? T : never }[keyof Database];
type NumberColumn<T extends LeasableTable> = { [C in keyof Database[T]]: Database[T][C] extends number ? C : never }[keyof Database[T]] & string;

/**
 * A table of rows waiting to be worked on (an outbox), taken by workers with a lease: several
 * workers, in one process or many, each take rows no other holds, and a row whose worker stopped
 * is taken again when its lease runs out.
 */
export interface LeasedQueue<T extends LeasableTable, Row> {
  table: T;
  /** the state of a row waiting to be taken */
  waiting: string;
  /** the state of a taken row while its lease holds; default `waiting` (the lease alone says it is taken) */
  leased?: string;
  /** when a row is due */
  due: NumberColumn<T>;
  /** counts the claims of a row (its attempts): each claim adds one */
  attempts?: NumberColumn<T>;
  /** stamped with the time of each claim */
  changedAt?: NumberColumn<T>;
  /** Reads the rows a claim took, typed as the owner uses them: the queue knows only the lease columns. */
  read(db: Db, ids: readonly string[]): Promise<Row[]>;
}

/** A row taken by a claim, with its lease: the outcome is written only while the lease is still the claim's. */
export type Leased<Row> = Row & { lease: number };

/** A row of any queue's table, as the claim writes it: the lease columns and the queue's own. */
type QueueRow = LeaseColumns & Record<string, string | number | null>;

/** A queue by its table's and columns' names, as the claim's statement uses them. */
interface QueueNames {
  table: string;
  states: string[];
  leased: string;
  due: string;
  attempts?: string | undefined;
  changedAt?: string | undefined;
}

/**
 * Takes up to `limit` due rows that nobody holds, for `leaseMs`, in one statement, then reads
 * them with the queue's `read`. The rows to take are chosen once, in a materialized WITH (a
 * subquery PostgreSQL scanned again would take more than the limit), with FOR UPDATE SKIP LOCKED
 * on PostgreSQL (told by the adapter), so concurrent claimers (any number of processes) take
 * disjoint rows without waiting for each other; the UPDATE repeats the conditions, which
 * PostgreSQL checks again on the latest version of the row, so a row taken and committed meanwhile
 * is not taken twice. SQLite runs the statement under its one writer lock. `only` narrows the
 * claim to rows whose column holds one of the values (a worker's channels).
 */
export async function claimDue<T extends LeasableTable, Row>(
  db: Db,
  queue: LeasedQueue<T, Row>,
  claim: { now: number; leaseMs: number; limit: number; only?: { column: keyof Database[T] & string; values: readonly string[] } },
): Promise<Leased<Row>[]> {
  const leased = queue.leased ?? queue.waiting;
  const names: QueueNames = { table: queue.table, states: [...new Set([queue.waiting, leased])], leased, due: queue.due, attempts: queue.attempts, changedAt: queue.changedAt };
  const lease = claim.now + claim.leaseMs;
  const ids = await take(db, names, { ...claim, lease });
  if (ids.length === 0) return [];
  const rows = await queue.read(db, ids);
  return rows.map((row) => ({ ...row, lease }));
}

async function take(
  db: Db,
  queue: QueueNames,
  claim: { now: number; lease: number; limit: number; only?: { column: string; values: readonly string[] } | undefined },
): Promise<string[]> {
  const { now, lease, limit, only } = claim;
  const rows = db.withTables<Record<string, QueueRow>>();
  let due = rows
    .selectFrom(`${queue.table} as row`)
    .select('row.id')
    .where('row.state', 'in', queue.states)
    .where(`row.${queue.due}`, '<=', now)
    .where((eb) => eb.or([eb('row.lockedUntil', 'is', null), eb('row.lockedUntil', '<=', now)]))
    .orderBy(`row.${queue.due}`)
    .orderBy('row.id')
    .limit(limit);
  if (only) due = due.where(`row.${only.column}`, 'in', only.values);
  if (rows.getExecutor().adapter instanceof PostgresAdapter) due = due.forUpdate().skipLocked();
  const taken = await rows
    .with((cte) => cte('due').materialized(), () => due)
    .updateTable(queue.table)
    .set((eb) => ({
      state: queue.leased,
      lockedUntil: lease,
      ...(queue.attempts ? { [queue.attempts]: eb(queue.attempts, '+', 1) } : {}),
      ...(queue.changedAt ? { [queue.changedAt]: now } : {}),
    }))
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .where('state', 'in', queue.states)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .returning('id')
    .execute();
  return taken.map((row) => row.id);
}

/** A queue as the metrics see it (healthops_outbox_due): its table's name and how many of its rows are due. */
export interface QueueDepth {
  queue: string;
  due(db: Db, now: number): Promise<number>;
}

export function depthOf<T extends LeasableTable>(queue: LeasedQueue<T, unknown>): QueueDepth {
  return { queue: queue.table, due: (db, now) => countDue(db, queue, now) };
}

/**
 * How many rows of the queue are due now and not done (waiting, or taken and being worked on):
 * a count over the (state, due) index every queue's table has, for all organizations at once.
 */
export async function countDue<T extends LeasableTable>(db: Db, queue: Pick<LeasedQueue<T, unknown>, 'table' | 'waiting' | 'leased' | 'due'>, now: number): Promise<number> {
  const rows = db.withTables<Record<string, QueueRow>>();
  const table: string = queue.table;
  const dueColumn: string = queue.due;
  const states = [...new Set([queue.waiting, queue.leased ?? queue.waiting])];
  const { due } = await rows
    .selectFrom(`${table} as row`)
    .select((eb) => eb.fn.countAll<number | string>().as('due'))
    .where('row.state', 'in', states)
    .where(`row.${dueColumn}`, '<=', now)
    .executeTakeFirstOrThrow();
  return Number(due);
}

/**
 * The condition an outcome is written under: the row is still the claim's (its state the leased
 * one, its lease the claim's), not taken over by another worker after the lease ran out nor reset
 * meanwhile. An UPDATE under it changes nothing for a worker that lost its lease.
 */
export function stillHeld(queue: Pick<LeasedQueue<LeasableTable, unknown>, 'waiting' | 'leased'>, row: { id: string; lease: number }): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('id')} = ${row.id} and ${sql.ref('state')} = ${queue.leased ?? queue.waiting} and ${sql.ref('lockedUntil')} = ${row.lease}`;
}

/** How often a failing row is tried, and how long it waits in between: base, 2 base, 4 base ... at most max. */
export interface RetryPolicy {
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

/** When a row that failed its `attempts`-th attempt is due again; undefined once the attempts are used up (it fails). */
export function nextAttemptAt(attempts: number, policy: RetryPolicy, now: number): number | undefined {
  return attempts >= policy.maxAttempts ? undefined : now + retryDelayMs(attempts, policy.retryBaseMs, policy.retryMaxMs);
}
