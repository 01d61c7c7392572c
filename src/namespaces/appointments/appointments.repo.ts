import { sql, type Expression, type ExpressionBuilder, type Insertable, type RawBuilder, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { countOf, learnPageStarts, pageStartsOf } from '../../db/list-memo.ts';
import { readPage } from '../../db/paged-list.ts';
import type { Db } from '../../db/database.ts';
import { isPostgres } from '../../db/migrations/dialect-features.ts';
import type { Database } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';
import { notFound } from '../../values/errors.ts';
import { fromMinor } from '../../values/money.ts';
import { offsetOf, pageOf, type Page } from '../../values/paging.ts';
import { fromJsonText, toBool, toJsonText } from '../../values/record.ts';
import { activeAt } from './appointments.status.ts';
import type { AppointmentsTable } from './appointments.table.ts';

/** Query functions of the appointments namespace; each takes the handle (`db` or the transaction) first. */

export type AppointmentRow = Selectable<AppointmentsTable>;

/** The operations that record a move in `history`. */
export type HistoryOperation = 'reschedule' | 'update' | 'checkIn' | 'start' | 'complete' | 'cancel' | 'markNoShow' | 'markPaymentSuccess';

/** One move of an appointment: the values before it, who moved it and why. */
export interface HistoryEntry {
  at: number;
  by: string | null;
  operation: HistoryOperation;
  previous: { scheduledDate: string; scheduledTime: string; duration: number; status: string };
  reason: string | null;
}

/**
 * The record as the API shows it: the row without its internal interval columns, with booleans,
 * history as an array (money is numbers with two decimals instead of minor units; same type).
 */
export type AppointmentRecord = Omit<AppointmentRow, 'startMinute' | 'endMinute' | 'stage' | 'holdLapsedAt' | 'isPreConsultationCompleted' | 'followUpNotificationSent' | 'history'> & {
  isPreConsultationCompleted: boolean | null;
  followUpNotificationSent: boolean | null;
  history: HistoryEntry[];
};

const money = (minor: number | null) => (minor === null ? null : fromMinor(Number(minor)));
const num = (v: number | null) => (v === null ? null : Number(v));

/** Field by field, not by rest and spread: a booking's answer is built on the hot path, and V8 builds a literal of known shape fastest. */
export function toRecord(row: AppointmentRow): AppointmentRecord {
  return {
    id: row.id,
    organizationId: row.organizationId,
    organizationBranchId: row.organizationBranchId,
    patientId: row.patientId,
    doctorId: row.doctorId,
    serviceId: row.serviceId,
    scheduledDate: row.scheduledDate,
    scheduledTime: row.scheduledTime,
    duration: Number(row.duration),
    type: row.type,
    status: row.status,
    reason: row.reason,
    notes: row.notes,
    rescheduleReason: row.rescheduleReason,
    cancelledAt: num(row.cancelledAt),
    cancelledReason: row.cancelledReason,
    consultationFee: money(row.consultationFee),
    paymentStatus: row.paymentStatus,
    amountPaid: money(row.amountPaid),
    paidAt: num(row.paidAt),
    paymentMethod: row.paymentMethod,
    gateway: row.gateway,
    gatewayOrderId: row.gatewayOrderId,
    gatewayPaymentId: row.gatewayPaymentId,
    checkoutSessionId: row.checkoutSessionId,
    holdExpiresAt: num(row.holdExpiresAt),
    isPreConsultationCompleted: toBool(row.isPreConsultationCompleted),
    followUpDate: row.followUpDate,
    followUpStatus: row.followUpStatus,
    followUpNotificationSent: toBool(row.followUpNotificationSent),
    callJoinNotifiedAt: num(row.callJoinNotifiedAt),
    patientJoinedAt: num(row.patientJoinedAt),
    history: historyOf(row),
    seriesId: row.seriesId,
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

/**
 * A history keeps its newest HISTORY_LIMIT entries, each reason cut to HISTORY_REASON_LIMIT
 * characters: changed over and over, one record would otherwise grow without bound, and every
 * change, answer and webhook carrying it with it (the audit trail keeps every call).
 */
export const HISTORY_LIMIT = 50;
export const HISTORY_REASON_LIMIT = 500;

function historyOf(row: Pick<AppointmentRow, 'history'>): HistoryEntry[] {
  return (fromJsonText<HistoryEntry[]>(row.history) ?? []).slice(-HISTORY_LIMIT);
}

/** The history of `row` with `entries` added, as stored. */
export function historyWith(row: Pick<AppointmentRow, 'history'>, ...entries: HistoryEntry[]): string | null {
  return historyText([...historyOf(row), ...entries]);
}

function historyText(history: HistoryEntry[]): string | null {
  const kept = history.slice(-HISTORY_LIMIT).map((entry) => (entry.reason && entry.reason.length > HISTORY_REASON_LIMIT ? { ...entry, reason: entry.reason.slice(0, HISTORY_REASON_LIMIT) } : entry));
  return kept.length ? toJsonText(kept) : null;
}

export async function findRow(db: Db, organizationId: string, id: string): Promise<AppointmentRow | undefined> {
  return db.selectFrom('appointments').selectAll().where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
}

export async function getRow(db: Db, organizationId: string, id: string): Promise<AppointmentRow> {
  const row = await findRow(db, organizationId, id);
  if (!row) throw notFound('appointment');
  return row;
}

/** Inserts a row; the nullable columns it leaves out are stored NULL (none has a default). */
export async function insertRow(db: Db, row: Insertable<AppointmentsTable>): Promise<AppointmentRecord> {
  const rows = await db.insertInto('appointments').values(row).returningAll().execute();
  return toRecord(rows[0]!);
}

export async function patchRow(db: Db, organizationId: string, id: string, changes: Updateable<AppointmentsTable>): Promise<AppointmentRecord> {
  const rows = await db
    .updateTable('appointments')
    .set(changes)
    .where('organizationId', '=', organizationId)
    .where('id', '=', id)
    .returningAll()
    .execute();
  if (!rows[0]) throw notFound('appointment');
  return toRecord(rows[0]);
}

/** The appointments of a series, in date order. */
export async function seriesRows(db: Db, organizationId: string, seriesId: string): Promise<AppointmentRow[]> {
  return db
    .selectFrom('appointments')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('seriesId', '=', seriesId)
    .orderBy('startMinute')
    .orderBy('id')
    .execute();
}

export async function deleteRow(db: Db, organizationId: string, id: string): Promise<void> {
  const result = await db.deleteFrom('appointments').where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('appointment');
}

export interface AppointmentFilters {
  organizationId: string;
  patientId?: string | undefined;
  /** any of these doctors (users record ids) */
  doctorIds?: readonly string[] | undefined;
  statuses?: readonly string[] | undefined;
  /** any of these known statuses: the stage, whatever label is shown */
  stages?: readonly string[] | undefined;
  /** [from, to) on the start, in local minutes */
  startFrom?: number | undefined;
  startTo?: number | undefined;
  scheduledDate?: string | undefined;
  scheduledTime?: string | undefined;
  type?: string | undefined;
  /** contains, case-insensitive: the patient's name or the reason */
  search?: string | undefined;
}

type Eb = ExpressionBuilder<Database, 'appointments'>;

/**
 * `organizationId = ?` in a query that names the doctor. On SQLite it is written
 * `+"organizationId" = ?`: a unary plus is SQLite's documented way to keep a term out of the
 * choice of index, which leaves the doctor's index (doctorId, startMinute, id) the one to use.
 * Without it SQLite rates the organization's index (organizationId, startMinute, id) alike (its
 * default estimates give any leading column the same selectivity, and sampled statistics of a
 * table loaded doctor by doctor do too) and may pick it, reading every appointment of the
 * organization in the range to find one doctor's. The row is still checked against the
 * organization. PostgreSQL keeps statistics and gets the plain term.
 */
export function organizationTerm(db: Db, organizationId: string): RawBuilder<SqlBool> {
  return isPostgres(db) ? sql<SqlBool>`"appointments"."organizationId" = ${organizationId}` : sql<SqlBool>`+"appointments"."organizationId" = ${organizationId}`;
}

/**
 * `stage in (...)` beside a patient: on SQLite `+"stage"`, as in organizationTerm, so that the
 * patient's index (organizationId, patientId, startMinute, id) is the one used, not the stage's
 * (organizationId, stage, startMinute, id), which SQLite rates alike without statistics.
 */
function stageTerm(db: Db, stages: readonly string[]): RawBuilder<SqlBool> {
  const list = sql.join(stages.map((stage) => sql`${stage}`));
  return isPostgres(db) ? sql<SqlBool>`"appointments"."stage" in (${list})` : sql<SqlBool>`+"appointments"."stage" in (${list})`;
}

function conditions(db: Db, eb: Eb, f: AppointmentFilters): Expression<SqlBool> {
  const doctorIds = f.doctorIds;
  const all: Expression<SqlBool>[] = [doctorIds?.length ? organizationTerm(db, f.organizationId) : eb('organizationId', '=', f.organizationId)];
  if (f.patientId !== undefined) all.push(eb('patientId', '=', f.patientId));
  if (doctorIds !== undefined) {
    if (doctorIds.length === 0) all.push(eb.lit(false));
    else all.push(doctorIds.length === 1 ? eb('doctorId', '=', doctorIds[0]!) : eb('doctorId', 'in', [...doctorIds]));
  }
  if (f.statuses?.length) all.push(eb('status', 'in', [...f.statuses]));
  if (f.stages?.length) all.push(f.patientId === undefined ? eb('stage', 'in', [...f.stages]) : stageTerm(db, f.stages));
  if (f.startFrom !== undefined) all.push(eb('startMinute', '>=', f.startFrom));
  if (f.startTo !== undefined) all.push(eb('startMinute', '<', f.startTo));
  if (f.scheduledDate !== undefined) all.push(eb('scheduledDate', '=', f.scheduledDate));
  if (f.scheduledTime !== undefined) all.push(eb('scheduledTime', '=', f.scheduledTime));
  if (f.type !== undefined) all.push(eb('type', '=', f.type));
  if (f.search) {
    const search = f.search;
    const patients = eb
      .selectFrom('patients')
      .select('patients.id')
      .where('patients.organizationId', '=', f.organizationId)
      .where(containsText('patients.name', search));
    all.push(eb.or([containsText('appointments.reason', search), eb('patientId', 'in', patients)]));
  }
  return eb.and(all);
}

/**
 * One page of appointments matching every filter, by start time (then id) in the given order, and
 * how many match (docs/appointments.md, "Indexes").
 *
 * The page is found first as (id, startMinute), in the order of the indexes that end with
 * (startMinute, id): the OFFSET rows are skipped walking the index alone (an index-only scan when
 * no filter needs the table), and only the page's rows are then read from the table, by id.
 * Selecting whole rows directly would read every skipped row from the table on PostgreSQL, whose
 * LIMIT/OFFSET sits above the index scan. Where the page starts is remembered (list-memo.ts): a
 * page asked again, or the page after one just served, seeks to its first (startMinute, id) in the
 * index instead of skipping rows. The count reads the narrowest index that covers it.
 */
export async function pageAppointments(
  db: Db,
  filters: AppointmentFilters,
  order: 'asc' | 'desc',
  page: number,
  pageSize: number,
): Promise<Page<AppointmentRecord>> {
  const tables = filters.search ? ['appointments', 'patients'] : ['appointments'];
  const starts = pageStartsOf(db, tables, JSON.stringify(['appointments', filters, order, pageSize]));
  const query = pageQueries(db, filters, order, page, pageSize, starts.startOf(page) as PageStart | undefined);
  const [rows, total] = await Promise.all([readPage(db, query.rows, pageSize, ['history']), countOf(db, tables, query.count)]);
  const own = learnPageStarts(starts, page, pageSize, rows, (row) => [row.startMinute, row.id]);
  return pageOf(own.map(toRecord), total, page, pageSize);
}

/** The sort key of a page's first appointment. */
type PageStart = readonly [startMinute: number, id: string];

/**
 * The statements of pageAppointments (tests read their plans): the page, with the first row of the
 * next one, found by skipping rows or, when `start` is known, by seeking to it; and the count.
 */
export function pageQueries(db: Db, filters: AppointmentFilters, order: 'asc' | 'desc', page: number, pageSize: number, start?: PageStart) {
  const base = db.selectFrom('appointments').where((eb) => conditions(db, eb, filters));
  const ordered = (query: typeof base) => query.select(['id', 'startMinute']).orderBy('startMinute', order).orderBy('id', order).limit(pageSize + 1);
  // Seeking, the start's own bound replaces the filter's on the same side (the start satisfies
  // it, so every row after the start does): SQLite uses one lower bound per index search, and
  // must be left the row value.
  const seekFrom = start && { ...filters, ...(order === 'asc' ? { startFrom: undefined } : { startTo: undefined }) };
  const ids = seekFrom
    ? ordered(db.selectFrom('appointments').where((eb) => conditions(db, eb, seekFrom))).where((eb) =>
        eb(eb.refTuple('startMinute', 'id'), order === 'asc' ? '>=' : '<=', eb.tuple(start[0], start[1])),
      )
    : ordered(base).offset(offsetOf(page, pageSize));
  return {
    ids,
    // Ordered by the page's own columns: both databases keep the order of the page's index walk
    // through the join by id and sort nothing.
    rows: db
      .selectFrom('appointments')
      .innerJoin(ids.as('page'), 'page.id', 'appointments.id')
      .selectAll('appointments')
      .orderBy('page.startMinute', order)
      .orderBy('page.id', order),
    count: base.select((eb) => eb.fn.countAll<number | string>().as('n')),
  };
}

/** The most recent appointments of a patient in the organization, newest first, and how many there are. */
export async function visitsOf(db: Db, organizationId: string, patientId: string, limit: number) {
  return pageAppointments(db, { organizationId, patientId }, 'desc', 1, limit);
}

export interface Figures {
  status: string;
  paid: boolean;
  n: number;
  /** sum of amountPaid in minor units */
  amountMinor: number;
}

export interface DayFigures extends Figures {
  scheduledDate: string;
}

const PAID = 'paid';

/**
 * Counts and paid amounts of the organization's appointments grouped by date, status and whether
 * they are paid (paymentStatus `paid`), dates from..to inclusive. Sums are over integer minor
 * units: exact on both databases.
 */
export async function figuresByDay(db: Db, organizationId: string, from: string, to: string): Promise<DayFigures[]> {
  const rows = await db
    .selectFrom('appointments')
    .select((eb) => ['scheduledDate', 'status', 'paymentStatus', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>('amountPaid').as('amount')])
    .where('organizationId', '=', organizationId)
    .where('scheduledDate', '>=', from)
    .where('scheduledDate', '<=', to)
    .groupBy(['scheduledDate', 'status', 'paymentStatus'])
    .execute();
  return rows.map((r) => ({
    scheduledDate: r.scheduledDate,
    status: r.status,
    paid: r.paymentStatus === PAID,
    n: Number(r.n),
    amountMinor: r.amount === null ? 0 : Number(r.amount),
  }));
}

/** Counts and paid amounts of every appointment of the organization by status and paid or not. */
export async function figuresByStatus(db: Db, organizationId: string): Promise<Figures[]> {
  const rows = await db
    .selectFrom('appointments')
    .select((eb) => ['status', 'paymentStatus', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>('amountPaid').as('amount')])
    .where('organizationId', '=', organizationId)
    .groupBy(['status', 'paymentStatus'])
    .execute();
  return rows.map((r) => ({ status: r.status, paid: r.paymentStatus === PAID, n: Number(r.n), amountMinor: r.amount === null ? 0 : Number(r.amount) }));
}

/** Appointments of the organization dated `date`, cancelled ones left out. */
export async function countOnDate(db: Db, organizationId: string, date: string): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organizationId', '=', organizationId)
    .where('scheduledDate', '=', date)
    .where('status', '!=', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Appointments of the organization that hold their time, are not completed and start at `fromMinute` or later. */
export async function countUpcoming(db: Db, organizationId: string, fromMinute: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organizationId', '=', organizationId)
    .where('startMinute', '>=', fromMinute)
    .where('status', '!=', 'completed')
    .where(activeAt(now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
