import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { date, filter, id } from '../../values/fields.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { addDays } from '../../time/zone.ts';
import { dateOfDay, dayOfMinute, daysWindow, dayStartMinute, MINUTES_PER_DAY, timeOfDay, type Interval } from '../../time/local-minutes.ts';
import { byStart, freeOf } from '../../time/slot-grid.ts';
import { merged, schedulesIn, slotsOn, type DoctorSchedule } from '../practitionerSchedules/practitionerSchedules.public.ts';
import { daysAsked, duration } from './appointments.fields.ts';
import { assertKnown, clockOf } from './appointments.references.ts';
import { unavailableIn } from './appointments.slots.ts';
import { out } from '../../values/results.ts';

/** At most this many days in one request. */
export const MAX_SLOT_DAYS = 31;

export interface FreeSlot {
  doctorId: string;
  date: string;
  time: string;
  duration: number;
}

/** The slots on the grids of one doctor's schedules, `from` to `to`, as local minutes by start (the first schedule's length where two share a start). */
function gridSlots(schedules: readonly DoctorSchedule[], from: string, to: string, timeZone: string, wanted?: number): Interval[] {
  const slots: Interval[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const day = dayStartMinute(date);
    const onDay: Interval[] = [];
    for (const s of schedules) {
      const length = wanted ?? s.slotMinutes;
      for (const start of slotsOn(s, date, timeZone, length)) onDay.push({ start: day + start, end: day + start + length });
    }
    // One schedule's starts come sorted and distinct (its ranges are merged): only several need sorting and their starts made one.
    for (const slot of schedules.length === 1 ? onDay : byStart(onDay)) slots.push(slot);
  }
  return slots;
}

/** The free slots as the answer lists them; a day's date is written once (a month holds some 1,500 slots). */
function listed(doctorId: string, free: readonly Interval[]): FreeSlot[] {
  const slots: FreeSlot[] = [];
  let day = Number.NaN;
  let date = '';
  for (const slot of free) {
    const slotDay = dayOfMinute(slot.start);
    if (slotDay !== day) {
      day = slotDay;
      date = dateOfDay(day);
    }
    slots.push({ doctorId, date, time: timeOfDay(slot.start - day * MINUTES_PER_DAY), duration: slot.end - slot.start });
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
    await assertKnown(ctx, organizationId, { doctorId: input.doctorId, serviceId: input.serviceId });
    daysAsked({ from: dateFrom, to: dateTo, fromField: 'dateFrom', toField: 'dateTo' }, MAX_SLOT_DAYS);
    const scope = input.doctorId ? { doctorId: input.doctorId, serviceId: input.serviceId ?? undefined } : { serviceId: input.serviceId! };
    const schedules = await schedulesIn(ctx.db, organizationId, scope, dateFrom, dateTo);
    return { organizationId, dateFrom, dateTo, items: await freeSlotsOf(ctx, organizationId, schedules, dateFrom, dateTo, input.duration ?? undefined) };
  },
});

/**
 * Every slot on the grid of one doctor's `schedules`, dateFrom to dateTo, free or not, as findSlots
 * lists them: FHIR's busy Slots are those of a schedule's grid an appointment holds (docs/fhir.md, "Schedule and Slot").
 */
export function gridSlotsOf(doctorId: string, schedules: readonly DoctorSchedule[], dateFrom: string, dateTo: string, timeZone: string): FreeSlot[] {
  return listed(doctorId, gridSlots(schedules, dateFrom, dateTo, timeZone));
}

/**
 * The free slots on the grids of `schedules`, dateFrom to dateTo (a window findSlots bounds), by
 * date, time and doctor: findSlots's answer, and FHIR's Slots (one schedule at a time, docs/fhir.md,
 * "Schedule and Slot"). A doctor's slots are less the doctor's reserved blocks, leave and active
 * appointments (none where the organization lets appointments overlap) and those already begun.
 */
export async function freeSlotsOf(ctx: Context, organizationId: string, schedules: readonly DoctorSchedule[], dateFrom: string, dateTo: string, duration?: number): Promise<FreeSlot[]> {
  const window = daysWindow(dateFrom, dateTo);
  const clock = await clockOf(ctx, organizationId);
  const items: FreeSlot[] = [];
  for (const [doctorId, own] of Map.groupBy(schedules, (s) => s.doctorId)) {
    const { reserved, busy } = await unavailableIn(ctx.db, { organizationId, id: doctorId }, window, ctx.now(), clock.settings.allowOverlappingAppointments);
    const free = freeOf(gridSlots(own, dateFrom, dateTo, clock.timeZone, duration), merged([...reserved, ...busy]), clock.nowMinute);
    items.push(...listed(doctorId, free));
  }
  items.sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.doctorId.localeCompare(b.doctorId));
  return items;
}
