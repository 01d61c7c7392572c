import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { AppError } from '../../values/errors.ts';
import { date, id, time } from '../../values/fields.ts';
import { newId } from '../../values/ids.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { doctorByReference, type DoctorRef } from './appointments.references.ts';
import { daysWindow, minuteOfDay } from '../../time/local-minutes.ts';
import { appointmentOverlap, insertReserved, lockDoctorDays, reservedIn, reservedOverlap } from './appointments.slots.ts';
import { out } from '../../values/results.ts';
import { reservedSlotRecord } from './appointments.results.ts';

/** `endTime` may be 24:00, the end of the day. */
const endTime = () => z.string().max(5, 'must be a time HH:mm from 00:01 to 24:00').regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be a time HH:mm from 00:01 to 24:00');
const MAX_BLOCKS = 48;

const input = z
  .object({
    doctorId: id(),
    slotDate: date(),
    startTime: z.array(time()).min(1).max(MAX_BLOCKS),
    endTime: z.array(endTime()).min(1).max(MAX_BLOCKS),
  })
  .superRefine((v, issue) => {
    if (v.startTime.length !== v.endTime.length) {
      issue.addIssue({ code: 'custom', path: ['endTime'], message: 'must have as many entries as startTime (startTime[i] pairs with endTime[i])' });
      return;
    }
    const pairs = v.startTime.map((s, i) => ({ i, start: minuteOfDay(s), end: minuteOfDay(v.endTime[i]!) }));
    for (const p of pairs) {
      if (p.start >= p.end) issue.addIssue({ code: 'custom', path: ['endTime', p.i], message: 'must be after its startTime' });
    }
    const sorted = pairs.filter((p) => p.start < p.end).sort((a, b) => a.start - b.start);
    for (let k = 1; k < sorted.length; k++) {
      if (sorted[k]!.start < sorted[k - 1]!.end) {
        issue.addIssue({ code: 'custom', path: ['startTime', sorted[k]!.i], message: `overlaps the block starting ${v.startTime[sorted[k - 1]!.i]!}` });
      }
    }
  });

/** Of the roles the table lets reserve, these reserve any doctor's time; the others (doctor) only their own. */
const RESERVE_FOR_ANY_DOCTOR = ['admin', 'receptionist'];

/** The doctor themself, or a receptionist or admin of the doctor's organization (a platform admin; no token as the interface allows). */
function assertMayReserve(ctx: Context, doctor: DoctorRef): void {
  const caller = ctx.caller;
  if (caller.kind === 'anonymous' || (caller.kind === 'user' && (caller.isPlatformAdmin || caller.idpUserId === doctor.idpUserId))) return;
  if (RESERVE_FOR_ANY_DOCTOR.some((role) => ctx.membership?.roles.has(role))) return;
  throw new AppError('FORBIDDEN', 'a doctor reserves only their own time; a receptionist or an admin reserves any doctor\'s');
}

/**
 * Reserves blocks of a doctor's day (not bookable). `doctorId` is the doctor's users record id
 * (or the idpUserId of a person who is a doctor in one organization); the blocks belong to the
 * doctor's organization, whose members the table grants this may call it. A block that overlaps one already reserved or an active appointment is
 * CONFLICT, and then none is stored. Answers the day's reserved blocks in the interface's shape.
 */
export const createReservedSlotByDoctor = defineOperation({
  namespace: 'appointments',
  name: 'createReservedSlotByDoctor', audience: member(),
  summary: 'Reserve blocks of a doctor\'s day (startTime[i]..endTime[i]); they cannot be booked',
  writes: true,
  input,
  output: z.object({
    item: z.object({
      doctorId: out.id(),
      organizationId: out.id(),
      slotDate: out.date(),
      startTime: out.strings(),
      endTime: out.strings(),
      slots: z.array(reservedSlotRecord),
    }),
  }),
  organizationOf: async (data, ctx) => (await doctorByReference(ctx.db, data.doctorId)).organizationId,
  async handler(ctx, data) {
    const doctor = await doctorByReference(ctx.db, data.doctorId);
    assertMayReserve(ctx, doctor);
    const day = daysWindow(data.slotDate, data.slotDate);
    const dayStart = day.start;
    await lockDoctorDays(ctx, doctor.id, day);
    const now = ctx.now();
    const rows = data.startTime.map((startTime, i) => {
      const endTime = data.endTime[i]!;
      return {
        id: newId(),
        organizationId: doctor.organizationId,
        doctorId: doctor.id,
        slotDate: data.slotDate,
        startTime,
        endTime,
        startMinute: dayStart + minuteOfDay(startTime),
        endMinute: dayStart + minuteOfDay(endTime),
        createdBy: callerId(ctx.caller),
        createdAt: now,
        updatedAt: now,
      };
    });
    for (const row of rows) {
      const interval = { start: row.startMinute, end: row.endMinute };
      const reserved = await reservedOverlap(ctx.db, doctor.id, interval);
      if (reserved) throw new AppError('CONFLICT', `${row.startTime}-${row.endTime} overlaps the reserved block ${reserved.startTime}-${reserved.endTime}`);
      const booked = await appointmentOverlap(ctx.db, doctor.organizationId, doctor.id, interval, now);
      if (booked) throw new AppError('CONFLICT', `${row.startTime}-${row.endTime} overlaps an appointment at ${booked.scheduledTime}: move or cancel it first`);
    }
    await insertReserved(ctx.db, rows);
    const slots = (await reservedIn(ctx.db, doctor.id, day)).filter((s) => s.slotDate === data.slotDate);
    return {
      item: {
        doctorId: doctor.id,
        organizationId: doctor.organizationId,
        slotDate: data.slotDate,
        startTime: slots.map((s) => s.startTime),
        endTime: slots.map((s) => s.endTime),
        slots: slots.map(({ start: _s, end: _e, ...slot }) => slot),
      },
    };
  },
});
