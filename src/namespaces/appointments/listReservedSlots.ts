import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { date, id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { addDays } from '../../time/zone.ts';
import { filter } from './appointments.fields.ts';
import { clockOf, doctorByReference, serviceOf } from './appointments.references.ts';
import { busyIn, reservedIn } from './appointments.reservedSlots.ts';
import { dateOfDay, dayNumber, dayStartMinute, MINUTES_PER_DAY, timeOfDay, type Interval } from './appointments.slots.ts';
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
  const parts: UnavailableRange[] = [];
  const from = Math.max(range.start, window.start);
  const to = Math.min(range.end, window.end);
  for (let day = Math.floor(from / MINUTES_PER_DAY); day * MINUTES_PER_DAY < to; day++) {
    const dayStart = day * MINUTES_PER_DAY;
    const start = Math.max(from, dayStart) - dayStart;
    const end = Math.min(to, dayStart + MINUTES_PER_DAY) - dayStart;
    parts.push({ slotDate: dateOfDay(day), startTime: timeOfDay(start), endTime: timeOfDay(end), kind, id });
  }
  return parts;
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
    if (last < first) throw validationFailed('endDate', 'must not be before startDate');
    if (dayNumber(last) - dayNumber(first) >= MAX_DAYS) throw validationFailed('endDate', `at most ${MAX_DAYS} days at once`);

    const doctor = await doctorByReference(ctx.db, input.doctorId);
    if (input.serviceId) await serviceOf(ctx.db, doctor.organizationId, input.serviceId, doctor.id);
    const window = { start: dayStartMinute(first), end: dayStartMinute(addDays(last, 1)) };
    const { settings } = await clockOf(ctx, doctor.organizationId);

    const items: UnavailableRange[] = [];
    for (const slot of await reservedIn(ctx.db, doctor.id, window)) items.push(...perDay(slot, window, 'reserved', slot.id));
    if (!settings.allowOverlappingAppointments) {
      for (const busy of await busyIn(ctx.db, doctor.organizationId, doctor.id, window, ctx.now(), input.serviceId)) {
        items.push(...perDay(busy, window, 'appointment', null));
      }
    }
    items.sort((a, b) => a.slotDate.localeCompare(b.slotDate) || a.startTime.localeCompare(b.startTime) || a.kind.localeCompare(b.kind));
    return { doctorId: doctor.id, organizationId: doctor.organizationId, startDate: first, endDate: last, items };
  },
});
