import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { serialiseOn } from '../../db/locks.ts';
import { AppError } from '../../values/errors.ts';
import type { Context } from '../../operations/operation.ts';
import { organizationTerm } from './appointments.repo.ts';
import { MAX_DURATION } from './appointments.fields.ts';
import { activeAt } from './appointments.status.ts';

/**
 * Booked time as local minutes: minutes since 1970-01-01 00:00 on the wall clock of the
 * organization (days x 1440 + minutes of the day). No time zone is involved: an appointment at
 * 23:30 for 60 minutes is [d + 1410, d + 1470), which overlaps the next day's 00:00 slot.
 */

export const MINUTES_PER_DAY = 1440;
const MS_PER_DAY = 86_400_000;

export interface Interval {
  start: number;
  end: number;
}

/**
 * The longest interval stored: an appointment lasts at most MAX_DURATION minutes (appointments.fields.ts) and a
 * reserved block lies within one day. So whatever overlaps [start, end) starts in
 * (start - LONGEST_INTERVAL, end): the overlap queries bound startMinute on both sides, and read
 * the doctor's index (doctorId, startMinute, id) over a day and a bit of one doctor, however many
 * appointments the doctor or the organization has (and whichever index the planner picks).
 */
export const LONGEST_INTERVAL = Math.max(MAX_DURATION, MINUTES_PER_DAY);

/** The lower bound (exclusive) of the start of an interval that overlaps `interval`. */
export function overlapStartsAfter(interval: Interval): number {
  return interval.start - LONGEST_INTERVAL;
}

export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d); // unlike Date.UTC, years 0..99 are taken as written
  return at.getTime() / MS_PER_DAY;
}

export function minuteOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function localMinute(date: string, time: string): number {
  return dayNumber(date) * MINUTES_PER_DAY + minuteOfDay(time);
}

export function intervalOf(date: string, time: string, duration: number): Interval {
  const start = localMinute(date, time);
  return { start, end: start + duration };
}

export function dateOfDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** HH:mm of a minute of the day; 1440 is `24:00` (the end of a day). */
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The first local minute of `date`. */
export function dayStartMinute(date: string): number {
  return dayNumber(date) * MINUTES_PER_DAY;
}

/** The days (day numbers) an interval touches, ascending. */
function daysOf(interval: Interval): number[] {
  const first = Math.floor(interval.start / MINUTES_PER_DAY);
  const last = Math.floor((interval.end - 1) / MINUTES_PER_DAY);
  const days: number[] = [];
  for (let d = first; d <= last; d++) days.push(d);
  return days;
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
async function lockBookingDays(ctx: Context, claim: SlotClaim): Promise<void> {
  const patientKeys = daysOf(claim.interval).map((day) => `appointments:patient:${claim.patientId}:${day}`);
  await serialiseOn(ctx.db, ctx.dialect, ...doctorDayKeys(claim.doctorId, claim.interval), ...patientKeys);
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

interface ReservedClash {
  id: string;
  slotDate: string;
  startTime: string;
  endTime: string;
}

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

export interface SlotClaim {
  organizationId: string;
  doctorId: string;
  patientId: string;
  interval: Interval;
  /** the appointment being moved or re-activated, which never clashes with itself */
  excludeId?: string | undefined;
  /** the organization lets a doctor's appointments overlap (token queues) */
  allowOverlap: boolean;
}

/**
 * Refuses with CONFLICT when the doctor reserved any of the time, (unless the organization allows
 * overlap) another active appointment of the doctor holds it, or the patient has another active
 * appointment then (whatever the doctor: token queues included), checked in that order (the
 * doctor's clash, by far the most frequent refusal, costs no more than before the patient rule).
 * When several rules refuse, the first one answers. Takes the doctor-day and
 * patient-day locks first: call it inside the writing transaction, right before the write, and
 * the checks and the write are atomic.
 */
export async function claimSlot(ctx: Context, claim: SlotClaim): Promise<void> {
  await lockBookingDays(ctx, claim);
  const reserved = await reservedOverlap(ctx.db, claim.doctorId, claim.interval);
  if (reserved) {
    throw new AppError('CONFLICT', `the doctor has reserved ${reserved.slotDate} ${reserved.startTime}-${reserved.endTime}`, {
      details: [{ path: 'scheduledTime', message: 'the doctor has reserved this time', recordId: reserved.id }],
    });
  }
  if (!claim.allowOverlap) {
    const clash = await appointmentOverlap(ctx.db, claim.organizationId, claim.doctorId, claim.interval, ctx.now(), claim.excludeId);
    if (clash) {
      throw new AppError(
        'CONFLICT',
        `the doctor already has an appointment at ${clash.scheduledDate} ${clash.scheduledTime} (${clash.duration} min) that overlaps this time`,
        { details: [{ path: 'doctorId', message: 'has another appointment at this time', recordId: clash.id }] },
      );
    }
  }
  const own = await patientOverlap(ctx.db, claim.organizationId, claim.patientId, claim.interval, ctx.now(), claim.excludeId);
  if (own) {
    throw new AppError('CONFLICT', `the patient already has appointment ${own.id} at ${own.scheduledDate} ${own.scheduledTime} (${own.duration} min) that overlaps this time`, {
      details: [{ path: 'patientId', message: 'has another appointment at this time', recordId: own.id }],
    });
  }
}
