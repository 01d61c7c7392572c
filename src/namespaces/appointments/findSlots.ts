import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { date, id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { addDays } from '../../time/zone.ts';
import { merged, schedulesIn, slotStarts, type DoctorSchedule } from '../practitionerSchedules/practitionerSchedules.public.ts';
import { duration, filter } from './appointments.fields.ts';
import { clockOf } from './appointments.references.ts';
import { busyIn, reservedIn } from './appointments.reservedSlots.ts';
import { workingTime } from './appointments.schedule.ts';
import { dayNumber, dayStartMinute, timeOfDay, type Interval } from './appointments.slots.ts';
import { out } from '../../values/results.ts';

/** At most this many days in one request. */
export const MAX_SLOT_DAYS = 31;

export interface FreeSlot {
  doctorId: string;
  date: string;
  time: string;
  duration: number;
}

/** The slots of one doctor's schedules from `from` to `to` that start after `nowMinute` and overlap none of `blocked` (sorted, merged). */
function freeSlots(schedules: DoctorSchedule[], from: string, to: string, timeZone: string, blocked: Interval[], nowMinute: number, wanted?: number): FreeSlot[] {
  const slots: FreeSlot[] = [];
  let b = 0;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const day = dayStartMinute(date);
    const starts = new Map<number, number>();
    for (const s of schedules) {
      const length = wanted ?? s.slotMinutes;
      const ranges = workingTime(s, date, timeZone).map((r) => ({ start: r.start - day, end: r.end - day }));
      for (const start of slotStarts(ranges, s.slotMinutes, length)) if (!starts.has(start)) starts.set(start, length);
    }
    for (const [start, length] of [...starts].sort((x, y) => x[0] - y[0])) {
      const slot = { start: day + start, end: day + start + length };
      if (slot.start < nowMinute) continue;
      while (b < blocked.length && blocked[b]!.end <= slot.start) b++;
      if (b < blocked.length && blocked[b]!.start < slot.end) continue;
      slots.push({ doctorId: schedules[0]!.doctorId, date, time: timeOfDay(start), duration: length });
    }
  }
  return slots;
}

/**
 * Free slots (docs/scheduling.md): the schedules of a doctor, or of every doctor with a schedule
 * for `serviceId`, from dateFrom to dateTo (at most 31 days), less the time of active appointments
 * (holds not yet expired included; none where the organization lets appointments overlap), the
 * doctor's reserved blocks and leave, and slots already begun. Public like listReservedSlots: a
 * patient app books through createPending; the answer names doctors and times, never patients.
 */
export const findSlots = defineOperation({
  namespace: 'appointments',
  name: 'findSlots', audience: everyone,
  summary: 'Free slots of a doctor, or of the doctors of a service, from the practitioner schedules',
  input: z.object({
    organizationId: id(),
    doctorId: filter(id()),
    serviceId: filter(id()),
    dateFrom: date(),
    dateTo: date(),
    duration: duration().nullish(),
  }),
  output: z.object({
    organizationId: out.id(),
    dateFrom: out.date(),
    dateTo: out.date(),
    items: z.array(z.object({ doctorId: out.id(), date: out.date(), time: out.time(), duration: out.int() })),
  }),
  async handler(ctx, input) {
    const { organizationId, dateFrom, dateTo } = input;
    if (!input.doctorId && !input.serviceId) throw validationFailed('doctorId', 'give doctorId or serviceId');
    if (dateTo < dateFrom) throw validationFailed('dateTo', 'must not be before dateFrom');
    if (dayNumber(dateTo) - dayNumber(dateFrom) >= MAX_SLOT_DAYS) throw validationFailed('dateTo', `at most ${MAX_SLOT_DAYS} days at once`);
    const scope = input.doctorId ? { doctorId: input.doctorId, serviceId: input.serviceId ?? undefined } : { serviceId: input.serviceId! };
    const schedules = await schedulesIn(ctx.db, organizationId, scope, dateFrom, dateTo);
    const clock = await clockOf(ctx, organizationId);
    const window = { start: dayStartMinute(dateFrom), end: dayStartMinute(addDays(dateTo, 1)) };
    const byDoctor = Map.groupBy(schedules, (s) => s.doctorId);

    const items: FreeSlot[] = [];
    for (const [doctorId, own] of byDoctor) {
      const blocked = (await reservedIn(ctx.db, doctorId, window)).map(({ start, end }) => ({ start, end }));
      if (!clock.settings.allowOverlappingAppointments) blocked.push(...(await busyIn(ctx.db, organizationId, doctorId, window, ctx.now())));
      items.push(...freeSlots(own, dateFrom, dateTo, clock.timeZone, merged(blocked), clock.nowMinute, input.duration ?? undefined));
    }
    items.sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.doctorId.localeCompare(b.doctorId));
    return { organizationId, dateFrom, dateTo, items };
  },
});
