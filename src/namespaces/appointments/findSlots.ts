import { everyone } from '../../operations/audience.ts';
import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { date, filter, id } from '../../values/fields.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { dayNumber, daysWindow, type Interval } from '../../time/local-minutes.ts';
import { rememberedSchedulesIn, type DoctorSchedule } from '../practitionerSchedules/practitionerSchedules.public.ts';
import { daysAsked, duration } from './appointments.fields.ts';
import { assertKnown, clockOf, type OrganizationClock } from './appointments.references.ts';
import { clockTime, gridDays } from './appointments.slotGrid.ts';
import { takenOf } from './appointments.slots.ts';
import { out } from '../../values/results.ts';

/** At most this many days in one request. */
export const MAX_SLOT_DAYS = 31;

export interface FreeSlot {
  doctorId: string;
  date: string;
  time: string;
  duration: number;
}

interface GridWalk {
  fromDay: number;
  toDay: number;
  timeZone: string;
  /** a length for every slot instead of each schedule's own */
  wanted?: number | undefined;
  /** merged and by start */
  taken: readonly Interval[];
  /** no slot starting before this local minute */
  notBefore: number;
}

/**
 * The slots on the grids of one doctor's schedules (where two share a start, the first schedule's
 * length) that start at `notBefore` or later and overlap nothing `taken`, by start, appended to
 * `into` as the answer lists them (and their local minutes to `starts`): one pass over the grid and
 * the taken time together.
 */
function walkGrid(doctorId: string, schedules: readonly DoctorSchedule[], walk: GridWalk, into: FreeSlot[], starts?: number[]): void {
  const { taken, notBefore } = walk;
  let t = 0;
  for (const day of gridDays(schedules, walk.fromDay, walk.toDay, walk.timeZone, walk.wanted)) {
    for (let i = 0; i < day.starts.length; i++) {
      const minute = day.starts[i]!;
      const length = typeof day.lengths === 'number' ? day.lengths : day.lengths[i]!;
      const start = day.dayStart + minute;
      if (start < notBefore) continue;
      while (t < taken.length && taken[t]!.end <= start) t++;
      if (t < taken.length && taken[t]!.start < start + length) continue;
      into.push({ doctorId, date: day.date, time: clockTime(minute), duration: length });
      starts?.push(start);
    }
  }
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
    const clock = await assertKnown(ctx, organizationId, { doctorId: input.doctorId, serviceId: input.serviceId });
    daysAsked({ from: dateFrom, to: dateTo, fromField: 'dateFrom', toField: 'dateTo' }, MAX_SLOT_DAYS);
    const scope = input.doctorId ? { doctorId: input.doctorId, serviceId: input.serviceId ?? undefined } : { serviceId: input.serviceId! };
    const schedules = await rememberedSchedulesIn(ctx.db, organizationId, scope, dateFrom, dateTo);
    return { organizationId, dateFrom, dateTo, items: await freeSlotsAt(ctx, organizationId, clock, schedules, { dateFrom, dateTo, duration: input.duration ?? undefined }) };
  },
});

/**
 * Every slot on the grid of one doctor's `schedules`, dateFrom to dateTo, free or not, as findSlots
 * lists them: FHIR's busy Slots are those of a schedule's grid an appointment holds (docs/fhir.md, "Schedule and Slot").
 */
export function gridSlotsOf(doctorId: string, schedules: readonly DoctorSchedule[], dateFrom: string, dateTo: string, timeZone: string): FreeSlot[] {
  const slots: FreeSlot[] = [];
  walkGrid(doctorId, schedules, { fromDay: dayNumber(dateFrom), toDay: dayNumber(dateTo), timeZone, taken: [], notBefore: -Infinity }, slots);
  return slots;
}

/**
 * The free slots of each schedule on its own, as findSlots finds them (a Slot names its schedule: two schedules of one doctor
 * may each have a slot at one time), in the order of `schedules`; the time taken is read once for all.
 */
export async function freeSlotsBySchedule(ctx: Context, organizationId: string, schedules: readonly DoctorSchedule[], dateFrom: string, dateTo: string): Promise<FreeSlot[][]> {
  const clock = await clockOf(ctx, organizationId);
  const taken = await takenIn(ctx, organizationId, clock, schedules, dateFrom, dateTo);
  const walk = { fromDay: dayNumber(dateFrom), toDay: dayNumber(dateTo), timeZone: clock.timeZone, notBefore: clock.nowMinute };
  return schedules.map((schedule) => {
    const free: FreeSlot[] = [];
    walkGrid(schedule.doctorId, [schedule], { ...walk, taken: taken.get(schedule.doctorId) ?? [] }, free);
    return free;
  });
}

/** The time the doctors of `schedules` cannot be booked, dateFrom to dateTo: read fresh, two statements for all of them. */
function takenIn(ctx: Context, organizationId: string, clock: OrganizationClock, schedules: readonly DoctorSchedule[], dateFrom: string, dateTo: string) {
  const doctors = { organizationId, ids: [...new Set(schedules.map((s) => s.doctorId))] };
  return takenOf(ctx.db, doctors, daysWindow(dateFrom, dateTo), ctx.now(), clock.settings.allowOverlappingAppointments);
}

async function freeSlotsAt(
  ctx: Context,
  organizationId: string,
  clock: OrganizationClock,
  schedules: readonly DoctorSchedule[],
  asked: { dateFrom: string; dateTo: string; duration: number | undefined },
): Promise<FreeSlot[]> {
  const taken = await takenIn(ctx, organizationId, clock, schedules, asked.dateFrom, asked.dateTo);
  const walk = { fromDay: dayNumber(asked.dateFrom), toDay: dayNumber(asked.dateTo), timeZone: clock.timeZone, wanted: asked.duration, notBefore: clock.nowMinute };
  const byDoctor = Map.groupBy(schedules, (s) => s.doctorId);
  if (byDoctor.size < 2) {
    const items: FreeSlot[] = [];
    for (const [doctorId, own] of byDoctor) walkGrid(doctorId, own, { ...walk, taken: taken.get(doctorId) ?? [] }, items);
    return items;
  }
  // Doctor after doctor in the order of their ids, then by start in a stable sort: by date, time and doctor.
  const items: FreeSlot[] = [];
  const starts: number[] = [];
  for (const doctorId of [...byDoctor.keys()].sort((a, b) => a.localeCompare(b))) walkGrid(doctorId, byDoctor.get(doctorId)!, { ...walk, taken: taken.get(doctorId) ?? [] }, items, starts);
  return Array.from(items.keys())
    .sort((a, b) => starts[a]! - starts[b]!)
    .map((i) => items[i]!);
}
