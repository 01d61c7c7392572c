import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { date, filter, id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { partsPerDay, timeOfDay, type Interval } from '../../time/local-minutes.ts';
import { daysAsked } from './appointments.fields.ts';
import { clockOf, doctorByReference, serviceOf } from './appointments.references.ts';
import { unavailableIn } from './appointments.slots.ts';
import { out } from '../../values/results.ts';

/** At most this many days in one request. */
const MAX_DAYS = 92;

export interface UnavailableRange {
  slotDate: string;
  startTime: string;
  /** `24:00` when the range runs to the end of the day */
  endTime: string;
  kind: 'reserved' | 'appointment';
  /** the reserved block's id (reserved ranges only) */
  id: string | null;
}

/** A range cut into its parts on each day of the window, as HH:mm on that day. */
export function perDay(range: Interval, window: Interval, kind: UnavailableRange['kind'], id: string | null): UnavailableRange[] {
  return partsPerDay(range, window).map((part) => ({ slotDate: part.date, startTime: timeOfDay(part.start), endTime: timeOfDay(part.end), kind, id }));
}

/**
 * The doctor's unavailable ranges on `slotDate`, or on `startDate`..`endDate` (inclusive, at most
 * 92 days; endDate defaults to startDate): the blocks the doctor reserved and the time held by
 * active appointments (of `serviceId` only, when it is given). Where the organization lets
 * appointments overlap, appointments make no time unavailable and only reserved blocks are listed.
 * Public: it shows when the doctor is busy, never who booked.
 */
export const listReservedSlots = defineOperation({
  namespace: 'appointments',
  name: 'listReservedSlots', audience: everyone,
  summary: 'A doctor\'s unavailable ranges on a date or a date range (reserved blocks and booked time)',
  input: z.object({
    doctorId: id(),
    serviceId: filter(id()),
    slotDate: filter(date()),
    startDate: filter(date()),
    endDate: filter(date()),
  }),
  output: z.object({
    doctorId: out.id(),
    organizationId: out.id(),
    startDate: out.date(),
    endDate: out.date(),
    items: z.array(
      z.object({ slotDate: out.date(), startTime: out.time(), endTime: out.time(), kind: z.enum(['reserved', 'appointment']), id: out.id().nullable() }),
    ),
  }),
  async handler(ctx, input) {
    const first = input.slotDate ?? input.startDate;
    if (!first) throw validationFailed('slotDate', 'give slotDate, or startDate (and endDate)');
    const last = input.slotDate ?? input.endDate ?? first;
    const window = daysAsked({ from: first, to: last, fromField: 'startDate', toField: 'endDate' }, MAX_DAYS);

    const doctor = await doctorByReference(ctx.db, input.doctorId);
    if (input.serviceId) await serviceOf(ctx.db, doctor.organizationId, input.serviceId, doctor.id);
    const { settings } = await clockOf(ctx, doctor.organizationId);
    const { reserved, busy } = await unavailableIn(ctx.db, doctor, window, ctx.now(), settings.allowOverlappingAppointments, input.serviceId);
    const items = [
      ...reserved.flatMap((slot) => perDay(slot, window, 'reserved', slot.id)),
      ...busy.flatMap((time) => perDay(time, window, 'appointment', null)),
    ];
    items.sort((a, b) => a.slotDate.localeCompare(b.slotDate) || a.startTime.localeCompare(b.startTime) || a.kind.localeCompare(b.kind));
    return { doctorId: doctor.id, organizationId: doctor.organizationId, startDate: first, endDate: last, items };
  },
});
