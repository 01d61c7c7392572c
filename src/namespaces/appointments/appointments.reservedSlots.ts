import type { Db } from '../../db/database.ts';
import { organizationTerm } from './appointments.repo.ts';
import { overlapStartsAfter, type Interval } from './appointments.slots.ts';
import { activeAt } from './appointments.status.ts';
import type { DoctorReservedSlotsTable } from './appointments.table.ts';

/** Queries over a doctor's reserved blocks and busy time. */

export interface ReservedSlot {
  id: string;
  organizationId: string;
  doctorId: string;
  slotDate: string;
  startTime: string;
  endTime: string;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export async function insertReserved(db: Db, rows: DoctorReservedSlotsTable[]): Promise<void> {
  if (rows.length) await db.insertInto('doctorReservedSlots').values(rows).execute();
}

/** The doctor's reserved blocks that overlap the window, by start. */
export async function reservedIn(db: Db, doctorId: string, window: Interval): Promise<(ReservedSlot & Interval)[]> {
  const rows = await db
    .selectFrom('doctorReservedSlots')
    .selectAll()
    .where('doctorId', '=', doctorId)
    .where('startMinute', '>', overlapStartsAfter(window))
    .where('startMinute', '<', window.end)
    .where('endMinute', '>', window.start)
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
    .where('startMinute', '>', overlapStartsAfter(window))
    .where('startMinute', '<', window.end)
    .where('endMinute', '>', window.start)
    .where(activeAt(now));
  if (serviceId !== undefined) query = query.where('serviceId', '=', serviceId);
  return query.orderBy('startMinute').orderBy('id');
}
