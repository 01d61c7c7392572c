import type { Selectable } from 'kysely';
import { eachOnItsOwn } from '../../background/each-on-its-own.ts';
import type { Db } from '../../db/database.ts';
import { readPage } from '../../db/paged-list.ts';
import type { Context } from '../../operations/operation.ts';
import { AppError, notFound } from '../../values/errors.ts';
import { findPatient } from '../patients/patients.public.ts';
import { book, holdExpiry } from './appointments.booking.ts';
import { clockOf } from './appointments.references.ts';
import type { AppointmentRecord, AppointmentRow } from './appointments.repo.ts';
import { dateTimeOf, type Interval } from '../../time/local-minutes.ts';
import { tellAbout } from './appointments.notices.ts';
import { isActive } from './appointments.status.ts';
import type { AppointmentWaitlistTable } from './appointments.table.ts';

/**
 * The waitlist (docs/appointments.md, "Waitlist"): a patient waits for a doctor's day; when time
 * of that day frees, the first waiter whose visit fits is given a pending hold of it (as
 * createPending makes) and told so. Stored statuses: waiting, offered, expired, cancelled; an
 * offer whose hold became a booking is shown as `booked`, one whose hold lapsed as `expired`.
 */

export type WaitlistRow = Selectable<AppointmentWaitlistTable>;
export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'expired' | 'cancelled';

/** An entry as the API shows it: the status the offer's hold implies, and until when the hold runs. */
export type WaitlistRecord = WaitlistRow & { status: WaitlistStatus; offerExpiresAt: number | null };

/** Entries that still wait or hold an offer: one per patient, doctor and day. */
export const OPEN: readonly WaitlistStatus[] = ['waiting', 'offered'];

type Hold = Pick<AppointmentRow, 'stage' | 'holdExpiresAt'>;

function shown(row: WaitlistRow, hold: Hold | undefined, now: number): WaitlistRecord {
  const offerExpiresAt = hold?.stage === 'pending' ? hold.holdExpiresAt : null;
  let status = row.status as WaitlistStatus;
  if (status === 'offered') {
    // the hold deleted, cancelled or lapsed: the offer is over
    if (!hold || !isActive(hold, now)) status = 'expired';
    else if (hold.stage !== 'pending') status = 'booked';
  }
  return { ...row, duration: Number(row.duration), status, offerExpiresAt: offerExpiresAt === null ? null : Number(offerExpiresAt) };
}

function entriesWithHolds(db: Db) {
  return db
    .selectFrom('appointmentWaitlist as w')
    .leftJoin('appointments as a', (join) => join.onRef('a.id', '=', 'w.appointmentId').onRef('a.organizationId', '=', 'w.organizationId'))
    .selectAll('w')
    .select(['a.stage as holdStage', 'a.holdExpiresAt as holdExpiresAt']);
}

type Joined = WaitlistRow & { holdStage: string | null; holdExpiresAt: number | null };

function toRecord({ holdStage, holdExpiresAt, ...row }: Joined, now: number): WaitlistRecord {
  return shown(row, holdStage === null ? undefined : { stage: holdStage, holdExpiresAt }, now);
}

export async function insertEntry(db: Db, row: WaitlistRow): Promise<WaitlistRecord> {
  await db.insertInto('appointmentWaitlist').values(row).execute();
  return { ...row, status: 'waiting', offerExpiresAt: null };
}

export async function getEntry(db: Db, organizationId: string, id: string, now: number): Promise<WaitlistRecord> {
  const row = await entriesWithHolds(db).where('w.organizationId', '=', organizationId).where('w.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('waitlist entry');
  return toRecord(row, now);
}

export interface WaitlistFilter {
  organizationId: string;
  doctorId?: string | null | undefined;
  patientId?: string | null | undefined;
  date?: string | null | undefined;
}

/** At most this many entries are answered by listWaitlist. */
const LISTED_ENTRIES = 1000;

/**
 * The entries matching the filter, first come first (the order offers are made in), read within
 * the page budget (readPage: the table unaliased, its `notes` capped).
 */
export async function listEntries(db: Db, filter: WaitlistFilter, now: number): Promise<WaitlistRecord[]> {
  const w = 'appointmentWaitlist';
  let query = db
    .selectFrom(w)
    .leftJoin('appointments', (join) => join.onRef('appointments.id', '=', `${w}.appointmentId`).onRef('appointments.organizationId', '=', `${w}.organizationId`))
    .selectAll(w)
    .select(['appointments.stage as holdStage', 'appointments.holdExpiresAt as holdExpiresAt'])
    .where(`${w}.organizationId`, '=', filter.organizationId);
  if (filter.doctorId) query = query.where(`${w}.doctorId`, '=', filter.doctorId);
  if (filter.patientId) query = query.where(`${w}.patientId`, '=', filter.patientId);
  if (filter.date) query = query.where(`${w}.date`, '=', filter.date);
  const ordered = query.orderBy(`${w}.date`).orderBy(`${w}.createdAt`).orderBy(`${w}.id`).limit(LISTED_ENTRIES);
  const rows = await readPage(db, ordered, LISTED_ENTRIES, ['notes']);
  return rows.map((row) => toRecord(row, now));
}

/** CONFLICT when the patient already waits (or holds an offer) for the doctor's day. */
export async function assertNotWaiting(db: Db, entry: Pick<WaitlistRow, 'organizationId' | 'doctorId' | 'patientId' | 'date'>, now: number): Promise<void> {
  const open = await entriesWithHolds(db)
    .where('w.organizationId', '=', entry.organizationId)
    .where('w.patientId', '=', entry.patientId)
    .where('w.doctorId', '=', entry.doctorId)
    .where('w.date', '=', entry.date)
    .where('w.status', 'in', [...OPEN])
    .execute();
  const waiting = open.map((row) => toRecord(row, now)).find((r) => r.status === 'waiting' || r.status === 'offered');
  if (waiting) {
    throw new AppError('CONFLICT', `the patient already waits for this doctor on ${entry.date}`, {
      details: [{ path: 'patientId', message: 'already on the waitlist for this day', recordId: waiting.id }],
    });
  }
}

export async function setStatus(db: Db, organizationId: string, id: string, status: WaitlistStatus, now: number): Promise<void> {
  await db.updateTable('appointmentWaitlist').set({ status, updatedAt: now }).where('organizationId', '=', organizationId).where('id', '=', id).execute();
}

/** The waitlist entry an offered hold belongs to, if any. */
export async function entryOfHold(db: Db, organizationId: string, appointmentId: string): Promise<WaitlistRow | undefined> {
  return db.selectFrom('appointmentWaitlist').selectAll().where('organizationId', '=', organizationId).where('appointmentId', '=', appointmentId).executeTakeFirst();
}

/** The appointment time a change gave up: what it held before, when it holds it no more. */
export interface Freed {
  organizationId: string;
  doctorId: string;
  interval: Interval;
}

/** What an appointment held before a change and holds after it; undefined when nothing was freed. */
export function freedBy(before: AppointmentRow, after: Pick<AppointmentRow, 'stage' | 'holdExpiresAt' | 'startMinute' | 'endMinute'> | null, now: number): Freed | undefined {
  if (!isActive(before, now)) return undefined;
  const interval = { start: Number(before.startMinute), end: Number(before.endMinute) };
  const kept = after !== null && isActive(after, now) && Number(after.startMinute) === interval.start && Number(after.endMinute) === interval.end;
  return kept ? undefined : { organizationId: before.organizationId, doctorId: before.doctorId, interval };
}

/**
 * Offers freed time (still ahead on the organization's clock) to the doctor's waitlist of that
 * day: the first waiting entry whose visit fits and can be booked there (the patient free, the
 * doctor's schedule) gets a pending hold at the start of the freed time, expiring like
 * createPending's, and a notification when the patient has an account. Runs in the caller's
 * transaction; the hold is booked through book(), so every booking rule holds.
 */
export async function offerFreedTime(ctx: Context, freed: Freed | undefined): Promise<AppointmentRecord | undefined> {
  if (!freed) return undefined;
  const { organizationId, doctorId, interval } = freed;
  const clock = await clockOf(ctx, organizationId);
  if (interval.start <= clock.nowMinute) return undefined;
  const { date, time } = dateTimeOf(interval.start);
  const waiting = await ctx.db
    .selectFrom('appointmentWaitlist')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('doctorId', '=', doctorId)
    .where('date', '=', date)
    .where('status', '=', 'waiting')
    .where('duration', '<=', interval.end - interval.start)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(20)
    .execute();
  for (const entry of waiting) {
    const hold = await holdFor(ctx, entry, date, time);
    if (!hold) continue;
    const now = ctx.now();
    await ctx.db
      .updateTable('appointmentWaitlist')
      .set({ status: 'offered', appointmentId: hold.id, offeredAt: now, updatedAt: now })
      .where('id', '=', entry.id)
      .execute();
    await tellPatient(ctx, entry, hold);
    return hold;
  }
  return undefined;
}

/** A pending hold for the waiter at the freed time, or undefined when a booking rule refuses it. */
async function holdFor(ctx: Context, entry: WaitlistRow, scheduledDate: string, scheduledTime: string): Promise<AppointmentRecord | undefined> {
  try {
    return await book(ctx, {
      organizationId: entry.organizationId,
      patientId: entry.patientId,
      doctorId: entry.doctorId,
      serviceId: entry.serviceId,
      scheduledDate,
      scheduledTime,
      duration: Number(entry.duration),
      status: 'pending',
      details: { type: entry.type, notes: entry.notes, paymentStatus: 'pending', holdExpiresAt: holdExpiry(ctx) },
    });
  } catch (err) {
    if (err instanceof AppError && (err.code === 'CONFLICT' || err.code === 'INVALID_STATE')) return undefined;
    throw err;
  }
}

async function tellPatient(ctx: Context, entry: WaitlistRow, hold: AppointmentRecord): Promise<void> {
  const patient = await findPatient(ctx.db, entry.organizationId, entry.patientId);
  if (!patient?.idpUserId) return;
  await tellAbout(ctx, hold, { idpUserId: patient.idpUserId, role: 'patient' }, {
    type: 'appointment_waitlist_offer',
    title: 'A time is free for you',
    message: `A time with your doctor is held for you on ${hold.scheduledDate} at ${hold.scheduledTime}; confirm it before the hold expires.`,
    priority: 'high',
    navigationTarget: 'appointment',
    dedupeKey: `waitlist:${entry.id}:${hold.id}`,
    expiresAt: hold.holdExpiresAt,
  });
}

/**
 * Pending holds whose time ran out and was not acted on yet: each is marked (holdLapsedAt), its
 * waitlist offer (if it was one) expires, and its time is offered to the next waiter, each hold on
 * its own (eachOnItsOwn). Run by the job runner; returns how many holds it acted on.
 */
export async function releaseLapsedHolds(ctx: Context, limit = 100): Promise<number> {
  const now = ctx.now();
  const lapsed = await ctx.db
    .selectFrom('appointments')
    .selectAll()
    .where('stage', '=', 'pending')
    .where('holdExpiresAt', '<=', now)
    .where('holdLapsedAt', 'is', null)
    .orderBy('holdExpiresAt')
    .limit(limit)
    .execute();
  return eachOnItsOwn(ctx, 'appointments.lapsedHolds', lapsed, async (tx, hold) => {
    const marked = await tx.db.updateTable('appointments').set({ holdLapsedAt: now }).where('id', '=', hold.id).where('holdLapsedAt', 'is', null).executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return false;
    const entry = await entryOfHold(tx.db, hold.organizationId, hold.id);
    if (entry?.status === 'offered') await setStatus(tx.db, hold.organizationId, entry.id, 'expired', now);
    const interval = { start: Number(hold.startMinute), end: Number(hold.endMinute) };
    await offerFreedTime(tx, { organizationId: hold.organizationId, doctorId: hold.doctorId, interval });
    return true;
  });
}
