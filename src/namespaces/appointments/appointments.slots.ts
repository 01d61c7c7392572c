import { sql, type CompiledQuery, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { serialiseOn } from '../../db/locks.ts';
import type { Context } from '../../operations/operation.ts';
import { daysOf, MINUTES_PER_DAY, type Interval } from '../../time/local-minutes.ts';
import { merged } from '../practitionerSchedules/practitionerSchedules.public.ts';
import { organizationTerm } from './appointments.repo.ts';
import { MAX_DURATION } from './appointments.fields.ts';
import { activeAt } from './appointments.status.ts';
import type { DoctorReservedSlotsTable } from './appointments.table.ts';

/**
 * The SQL of booked time (local minutes, src/time/local-minutes.ts): the locks a booking takes,
 * the overlap statements it runs, and the reads of a doctor's reserved and busy time.
 */

/**
 * The longest interval stored: an appointment lasts at most MAX_DURATION minutes (appointments.fields.ts) and a
 * reserved block lies within one day. So whatever overlaps [start, end) starts in
 * (start - LONGEST_INTERVAL, end): the overlap queries bound startMinute on both sides, and read
 * the doctor's index (doctorId, startMinute, id) over a day and a bit of one doctor, however many
 * appointments the doctor or the organization has (and whichever index the planner picks).
 */
export const LONGEST_INTERVAL = Math.max(MAX_DURATION, MINUTES_PER_DAY);

/** The lower bound (exclusive) of the start of an interval that overlaps `interval`. */
function overlapStartsAfter(interval: Interval): number {
  return interval.start - LONGEST_INTERVAL;
}

/**
 * Serialises bookings of one doctor per day, for the rest of the transaction. Two overlapping
 * intervals share at least one day, so their transactions take at least one common lock and run
 * one after the other; the second one's overlap query (a new statement: READ COMMITTED sees the
 * first one's committed row) finds the clash (src/db/locks.ts).
 */
export async function lockDoctorDays(ctx: Context, doctorId: string, interval: Interval): Promise<void> {
  await serialiseOn(ctx.db, ctx.dialect, ...doctorDayKeys(doctorId, interval));
}

function doctorDayKeys(doctorId: string, interval: Interval): string[] {
  return daysOf(interval).map((day) => `appointments:${doctorId}:${day}`);
}

/** The doctor-day locks and, the same way, the patient-day locks of a booking, taken together (one sorted order). */
export async function lockBookingDays(ctx: Context, doctorId: string, patientId: string, interval: Interval): Promise<void> {
  const patientKeys = daysOf(interval).map((day) => `appointments:patient:${patientId}:${day}`);
  await serialiseOn(ctx.db, ctx.dialect, ...doctorDayKeys(doctorId, interval), ...patientKeys);
}

/**
 * A statement every booking runs, written in SQL rather than built: Kysely's builder takes about
 * 20 us to build and compile one of these, the `sql` tag under 2, and its `.limit(1)` is bound as
 * `LIMIT ?`, which SQLite runs about twice as slowly as `LIMIT 1` over a doctor's booked day
 * (docs/PERFORMANCE.md, seventh session). `first()` runs it; `compile()` gives it to tests that
 * read its plan.
 */
export interface BookingCheck<R> {
  first(): Promise<R | undefined>;
  compile(): CompiledQuery<R>;
}

function bookingCheck<R>(db: Db, query: RawBuilder<R>): BookingCheck<R> {
  return { first: async () => (await query.execute(db)).rows[0], compile: () => query.compile(db) };
}

/** The terms of "starts in (start - LONGEST_INTERVAL, end) and ends after start": the rows that overlap the interval. */
function overlapping(interval: Interval): RawBuilder<SqlBool> {
  return sql<SqlBool>`"startMinute" > ${overlapStartsAfter(interval)} and "startMinute" < ${interval.end} and "endMinute" > ${interval.start}`;
}

type ReservedClash = Pick<ReservedSlotRow, 'id' | 'slotDate' | 'startTime' | 'endTime'>;

/** A block the doctor reserved that overlaps the interval, if any. */
export async function reservedOverlap(db: Db, doctorId: string, interval: Interval) {
  return reservedOverlapQuery(db, doctorId, interval).first();
}

/** The statement of reservedOverlap. */
export function reservedOverlapQuery(db: Db, doctorId: string, interval: Interval): BookingCheck<ReservedClash> {
  return bookingCheck(
    db,
    sql<ReservedClash>`select "id", "slotDate", "startTime", "endTime" from "doctorReservedSlots"
      where "doctorId" = ${doctorId} and ${overlapping(interval)} order by "startMinute", "id" limit 1`,
  );
}

interface AppointmentClash {
  id: string;
  scheduledDate: string;
  scheduledTime: string;
  duration: number;
}

/** An active appointment of the patient (other than `excludeId`) that overlaps the interval, if any. */
export async function patientOverlap(db: Db, organizationId: string, patientId: string, interval: Interval, now: number, excludeId?: string) {
  return overlapQuery(db, sql<SqlBool>`"organizationId" = ${organizationId} and "patientId" = ${patientId}`, interval, now, excludeId).first();
}

/** An active appointment of the doctor (other than `excludeId`) that overlaps the interval, if any. */
export async function appointmentOverlap(db: Db, organizationId: string, doctorId: string, interval: Interval, now: number, excludeId?: string) {
  return appointmentOverlapQuery(db, organizationId, doctorId, interval, now, excludeId).first();
}

/** The statement of appointmentOverlap. */
export function appointmentOverlapQuery(db: Db, organizationId: string, doctorId: string, interval: Interval, now: number, excludeId?: string) {
  return overlapQuery(db, sql<SqlBool>`${organizationTerm(db, organizationId)} and "doctorId" = ${doctorId}`, interval, now, excludeId);
}

/** The first active appointment of `whose` (a doctor's or a patient's) that overlaps the interval. */
function overlapQuery(db: Db, whose: RawBuilder<SqlBool>, interval: Interval, now: number, excludeId?: string): BookingCheck<AppointmentClash> {
  const other = excludeId ? sql` and "id" != ${excludeId}` : sql``;
  return bookingCheck(
    db,
    sql<AppointmentClash>`select "id", "scheduledDate", "scheduledTime", "duration" from "appointments"
      where ${whose} and ${overlapping(interval)} and ${activeAt(now)}${other} order by "startMinute", "id" limit 1`,
  );
}

type ReservedSlotRow = Selectable<DoctorReservedSlotsTable>;

/** A reserved block as the API shows it: the row without its interval columns. */
export type ReservedSlot = Omit<ReservedSlotRow, 'startMinute' | 'endMinute'>;

export async function insertReserved(db: Db, rows: ReservedSlotRow[]): Promise<void> {
  if (rows.length) await db.insertInto('doctorReservedSlots').values(rows).execute();
}

/** The doctor's reserved blocks that overlap the window, by start. */
export async function reservedIn(db: Db, doctorId: string, window: Interval): Promise<(ReservedSlot & Interval)[]> {
  const rows = await db
    .selectFrom('doctorReservedSlots')
    .selectAll()
    .where('doctorId', '=', doctorId)
    .where(overlapping(window))
    .orderBy('startMinute')
    .orderBy('id')
    .execute();
  return rows.map(({ startMinute, endMinute, ...slot }) => ({
    ...slot,
    createdAt: Number(slot.createdAt),
    updatedAt: Number(slot.updatedAt),
    start: Number(startMinute),
    end: Number(endMinute),
  }));
}

/** Intervals held by the doctor's active appointments that overlap the window (of one service, when given). */
export async function busyIn(db: Db, organizationId: string, doctorId: string, window: Interval, now: number, serviceId?: string): Promise<Interval[]> {
  const rows = await busyInQuery(db, organizationId, doctorId, window, now, serviceId).execute();
  return rows.map((r) => ({ start: Number(r.startMinute), end: Number(r.endMinute) }));
}

/** The statement of busyIn (tests read its plan). */
export function busyInQuery(db: Db, organizationId: string, doctorId: string, window: Interval, now: number, serviceId?: string) {
  let query = db
    .selectFrom('appointments')
    .select(['startMinute', 'endMinute'])
    .where(organizationTerm(db, organizationId))
    .where('doctorId', '=', doctorId)
    .where(overlapping(window))
    .where(activeAt(now));
  if (serviceId !== undefined) query = query.where('serviceId', '=', serviceId);
  return query.orderBy('startMinute').orderBy('id');
}

/**
 * The time of a doctor that cannot be booked in the window, sorted by start: the reserved blocks,
 * and (unless the organization lets appointments overlap) the time held by active appointments
 * (of one service, when given).
 */
export async function unavailableIn(db: Db, doctor: { organizationId: string; id: string }, window: Interval, now: number, allowOverlap: boolean, serviceId?: string) {
  const reserved = await reservedIn(db, doctor.id, window);
  const busy = allowOverlap ? [] : await busyIn(db, doctor.organizationId, doctor.id, window, now, serviceId);
  return { reserved, busy };
}

/**
 * The statements of takenOf, one per kind for every doctor asked (tests read their plans): the
 * reserved blocks and the active appointments of the doctors that overlap the window, by doctor.
 * Written in SQL (the `sql` tag builds in a few microseconds, Kysely's builder in tens), each reads
 * the doctors' index (doctorId, startMinute, id) over the window, one range per doctor.
 */
export function takenQueries(db: Db, organizationId: string, doctorIds: readonly string[], window: Interval, now: number) {
  const doctors = sql.join(doctorIds);
  const reserved = sql<TakenRow>`select "doctorId", "startMinute", "endMinute" from "doctorReservedSlots" where "doctorId" in (${doctors}) and ${overlapping(window)}`;
  const busy = sql<TakenRow>`select "doctorId", "startMinute", "endMinute" from "appointments"
    where ${organizationTerm(db, organizationId)} and "doctorId" in (${doctors}) and ${overlapping(window)} and ${activeAt(now)}`;
  return { reserved, busy };
}

interface TakenRow {
  doctorId: string;
  startMinute: number | string;
  endMinute: number | string;
}

/** Rows as intervals per doctor, each doctor's list in the order of the rows. */
function byDoctor(rows: readonly TakenRow[], into = new Map<string, Interval[]>()): Map<string, Interval[]> {
  for (const row of rows) {
    const interval = { start: Number(row.startMinute), end: Number(row.endMinute) };
    const list = into.get(row.doctorId);
    if (list) list.push(interval);
    else into.set(row.doctorId, [interval]);
  }
  return into;
}

/** The time held by the active appointments of each of the doctors that overlaps the window (unsorted): one statement. */
export async function busyOf(db: Db, organizationId: string, doctorIds: readonly string[], window: Interval, now: number): Promise<Map<string, Interval[]>> {
  if (doctorIds.length === 0) return new Map();
  return byDoctor((await takenQueries(db, organizationId, doctorIds, window, now).busy.execute(db)).rows);
}

/**
 * The time of each of the doctors that cannot be booked in the window, merged and sorted by start
 * (a doctor with none has no entry): the reserved blocks, and (unless the organization lets
 * appointments overlap) the time held by active appointments. Two statements for all the doctors,
 * read fresh on every call: a free slot is never served from a remembered booking.
 */
export async function takenOf(db: Db, doctors: { organizationId: string; ids: readonly string[] }, window: Interval, now: number, allowOverlap: boolean): Promise<Map<string, Interval[]>> {
  if (doctors.ids.length === 0) return new Map();
  const queries = takenQueries(db, doctors.organizationId, doctors.ids, window, now);
  const taken = byDoctor((await queries.reserved.execute(db)).rows);
  if (!allowOverlap) byDoctor((await queries.busy.execute(db)).rows, taken);
  for (const [doctorId, intervals] of taken) taken.set(doctorId, merged(intervals));
  return taken;
}
