import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { Context } from '../../../operations/operation.ts';
import { dayNumber, daysWindow, localMinute } from '../../../time/local-minutes.ts';
import { addDays, dateIn, zonedInstant } from '../../../time/zone.ts';
import { notFound, validationFailed } from '../../../values/errors.ts';
import { busyOf, clockOf, freeSlotsBySchedule, gridSlotsOf, MAX_SLOT_DAYS } from '../../appointments/appointments.public.ts';
import { rememberedSchedulesIn, schedulesIn, type DoctorSchedule } from '../../practitionerSchedules/practitionerSchedules.public.ts';
import type { FhirResource } from '../fhir.resources.ts';
import { dateRange, type DateValue } from '../search/dates.ts';
import type { SearchPage } from '../search/engine.ts';
import type { DateParam, ReferenceParam, SearchParam, TokenParam } from '../search/params.ts';
import { slotId, slotKeyOf, startMinuteOf, type SlotKey } from './slot-id.ts';

/**
 * Slots (docs/fhir.md, "Schedule and Slot"): the free slots appointments.findSlots computes, one
 * schedule at a time (freeSlotsBySchedule, findSlots's code), never stored, and the busy ones: a slot of a
 * schedule's grid that is not free because an active appointment (a hold too) holds it. One begun
 * or reserved without an appointment, or off the grid, is not found, and is not listed.
 */

/** A search of every schedule of the organization (neither schedule nor schedule.actor) covers at most this many days. */
export const MAX_CLINIC_SLOT_DAYS = 1;

const SLOT_STATUSES = ['free', 'busy', 'busy-unavailable', 'busy-tentative', 'entered-in-error'] as const;

export const scheduleParam: ReferenceParam = {
  name: 'schedule',
  type: 'reference',
  target: 'Schedule',
  definition: 'http://hl7.org/fhir/SearchParameter/Slot-schedule',
  documentation: `Schedule/{id} or the id; several separated by commas. Without it or schedule.actor: every schedule of the organization, ${MAX_CLINIC_SLOT_DAYS} day at a time.`,
  column: 'id',
};

export const scheduleActorParam: ReferenceParam = {
  name: 'schedule.actor',
  type: 'reference',
  target: 'Practitioner',
  definition: 'http://hl7.org/fhir/SearchParameter/Schedule-actor',
  documentation: 'Chained: the slots of every schedule of the doctor, Practitioner/{id} or the id; several separated by commas.',
  column: 'doctorId',
};

export const startParam: DateParam = {
  name: 'start',
  type: 'date',
  definition: 'http://hl7.org/fhir/SearchParameter/Slot-start',
  documentation: `Required, bounding the window on both sides: ge/gt and le/lt (or one date with eq), dates (the organization's days) or instants, at most ${MAX_SLOT_DAYS} days.`,
  column: sql.ref('start'),
  space: 'instant',
};

export const statusParam: TokenParam = {
  name: 'status',
  type: 'token',
  definition: 'http://hl7.org/fhir/SearchParameter/Slot-status',
  documentation: 'free (or no status) lists the free slots, busy those an appointment holds, free,busy both; any other status none.',
  system: 'http://hl7.org/fhir/slotstatus',
  codes: SLOT_STATUSES,
  where: () => sql`1 = 1`,
};

export const SLOT_SEARCH_PARAMS: readonly SearchParam[] = [scheduleParam, scheduleActorParam, startParam, statusParam];

type SlotStatus = 'free' | 'busy';

/** Wall-clock times as instants, by zone, date and minute: the rules of a zone do not change, and a clinic's doctors share their grid's times. */
const instants = new Map<string, number>();
const MAX_INSTANTS_KEPT = 50_000;

/** The instant a slot starts: zonedInstant, remembered, so that a search converts each wall-clock time once, not once per slot. */
function instantOf(key: SlotKey, timeZone: string): number {
  const remembered = `${timeZone} ${key.date} ${key.time}`;
  const known = instants.get(remembered);
  if (known !== undefined) return known;
  if (instants.size >= MAX_INSTANTS_KEPT) instants.clear();
  const at = zonedInstant(key.date, startMinuteOf(key), timeZone);
  instants.set(remembered, at);
  return at;
}

/** A slot found: what a search sorts and pages by; its resource is made for the page only. */
interface Found extends SlotKey {
  id: string;
  /** the instant it starts */
  start: number;
  scheduleId: string;
  status: SlotStatus;
}

function slotFound(key: SlotKey, scheduleId: string, timeZone: string, status: SlotStatus): Found {
  return { ...key, id: slotId(key), start: instantOf(key, timeZone), scheduleId, status };
}

function resourceOf(slot: Found): FhirResource<'Slot'> {
  return {
    resourceType: 'Slot',
    id: slot.id,
    schedule: { reference: `Schedule/${slot.scheduleId}` },
    status: slot.status,
    start: new Date(slot.start).toISOString(),
    end: new Date(slot.start + slot.minutes * 60_000).toISOString(),
  };
}

/** A slot of a schedule as a Slot resource. */
export function slotResource(key: SlotKey, scheduleId: string, timeZone: string, status: SlotStatus): FhirResource<'Slot'> {
  return resourceOf(slotFound(key, scheduleId, timeZone, status));
}

/** The free slots of each schedule, dateFrom to dateTo; a slot two schedules of one doctor share (one id) once, the first's. */
async function freeOfSchedules(ctx: Context, organizationId: string, schedules: readonly DoctorSchedule[], dateFrom: string, dateTo: string, timeZone: string): Promise<Found[]> {
  const bySchedule = await freeSlotsBySchedule(ctx, organizationId, schedules, dateFrom, dateTo);
  // Only a doctor with several schedules can have one slot twice: one schedule's slots are distinct.
  const shared = new Set([...Map.groupBy(schedules, (s) => s.doctorId)].filter(([, own]) => own.length > 1).map(([doctorId]) => doctorId));
  const seen = new Set<string>();
  const found: Found[] = [];
  for (const [i, schedule] of schedules.entries()) {
    for (const free of bySchedule[i]!) {
      const slot: Found = { doctorId: free.doctorId, date: free.date, time: free.time, minutes: free.duration, id: '', start: 0, scheduleId: schedule.id, status: 'free' };
      slot.id = slotId(slot);
      if (shared.has(slot.doctorId)) {
        if (seen.has(slot.id)) continue;
        seen.add(slot.id);
      }
      slot.start = instantOf(slot, timeZone);
      found.push(slot);
    }
  }
  return found;
}

/** The slot, unless one with its id is kept already (two schedules of one doctor share it: the first's). */
function keep(found: Map<string, Found>, key: SlotKey, scheduleId: string, timeZone: string, status: SlotStatus): void {
  const slot = slotFound(key, scheduleId, timeZone, status);
  if (!found.has(slot.id)) found.set(slot.id, slot);
}

/**
 * The busy slots of each schedule, dateFrom to dateTo: those of its grid that are not `free` (ids)
 * and that an active appointment of the doctor overlaps (none where the organization lets
 * appointments overlap: a booked slot stays free there).
 */
async function busyOfSchedules(ctx: Context, organizationId: string, schedules: readonly DoctorSchedule[], dateFrom: string, dateTo: string, timeZone: string, free: ReadonlySet<string>): Promise<Found[]> {
  const found = new Map<string, Found>();
  const byDoctor = Map.groupBy(schedules, (schedule) => schedule.doctorId);
  // A day more: a slot of an overnight session ends the day after it starts.
  const heldBy = await busyOf(ctx.db, organizationId, [...byDoctor.keys()], daysWindow(dateFrom, addDays(dateTo, 1)), ctx.now());
  for (const [doctorId, own] of byDoctor) {
    const held = heldBy.get(doctorId) ?? [];
    if (held.length === 0) continue;
    for (const schedule of own) {
      for (const slot of gridSlotsOf(doctorId, [schedule], dateFrom, dateTo, timeZone)) {
        const key = { doctorId, date: slot.date, time: slot.time, minutes: slot.duration };
        const start = localMinute(slot.date, slot.time);
        if (free.has(slotId(key)) || !held.some((interval) => interval.start < start + slot.duration && start < interval.end)) continue;
        keep(found, key, schedule.id, timeZone, 'busy');
      }
    }
  }
  return [...found.values()];
}

async function zoneOfKnown(ctx: Context, organizationId: string): Promise<string> {
  const clock = await clockOf(ctx, organizationId);
  if (!clock.known) throw notFound('organization');
  return clock.timeZone;
}

/** GET /fhir/R4/Slot/{id}: the slot of one of its doctor's schedules, free, or busy while an appointment holds it. */
export async function readSlot(ctx: Context, organizationId: string, id: string): Promise<FhirResource<'Slot'>> {
  const timeZone = await zoneOfKnown(ctx, organizationId);
  const key = slotKeyOf(id);
  if (!key) throw notFound('Slot');
  const schedules = await schedulesIn(ctx.db, organizationId, { doctorId: key.doctorId }, key.date, key.date);
  const free = (await freeOfSchedules(ctx, organizationId, schedules, key.date, key.date, timeZone)).find((found) => found.id === id);
  if (free) return resourceOf(free);
  const busy = (await busyOfSchedules(ctx, organizationId, schedules, key.date, key.date, timeZone, new Set())).find((found) => found.id === id);
  if (!busy) throw notFound('Slot (free or booked)');
  return resourceOf(busy);
}

/**
 * The schedule whose grid has the slot, among its doctor's valid on its day (the first, as a Slot
 * names it); undefined off every grid. A FHIR booking books with its service (docs/fhir.md, "Booking").
 */
export async function scheduleOfSlot(db: Db, organizationId: string, key: SlotKey, timeZone: string): Promise<DoctorSchedule | undefined> {
  const id = slotId(key);
  const schedules = await schedulesIn(db, organizationId, { doctorId: key.doctorId }, key.date, key.date);
  return schedules.find((schedule) =>
    gridSlotsOf(key.doctorId, [schedule], key.date, key.date, timeZone).some((slot) => slotId({ doctorId: key.doctorId, date: slot.date, time: slot.time, minutes: slot.duration }) === id),
  );
}

export interface SlotSearchInput {
  organizationId: string;
  schedule?: string[][];
  'schedule.actor'?: string[][];
  start?: DateValue[];
  status?: string[][];
  _count: number;
  _cursor?: string;
  _summary?: 'count' | 'false';
}

/** Every id in each group given (a parameter repeated is AND, commas OR); undefined when not given. */
function allOf(groups: readonly string[][] | undefined): string[] | undefined {
  if (!groups) return undefined;
  return groups.reduce((kept, group) => kept.filter((id) => group.includes(id)));
}

/** The first and last instant the `start` values allow; both must be bounded. */
function windowOf(values: readonly DateValue[], timeZone: string): { low: number; high: number } {
  let low = -Infinity;
  let high = Infinity;
  for (const value of values) {
    const [first, last] = dateRange(value, 'instant', timeZone) as [number, number];
    if (value.prefix === 'eq' || value.prefix === 'ge') low = Math.max(low, first);
    if (value.prefix === 'gt' || value.prefix === 'sa') low = Math.max(low, last + 1);
    if (value.prefix === 'eq' || value.prefix === 'le') high = Math.min(high, last);
    if (value.prefix === 'lt' || value.prefix === 'eb') high = Math.min(high, first - 1);
  }
  if (!Number.isFinite(low) || !Number.isFinite(high)) throw validationFailed('start', 'bound the window on both sides: start=ge... and start=le... (or one date, eq)');
  return { low, high };
}

/** Whether a start is outside every `ne` value's range: the ranges computed once per search, not per slot. */
function outsideOfNe(values: readonly DateValue[], timeZone: string): (start: number) => boolean {
  const left = values.filter((value) => value.prefix === 'ne').map((value) => dateRange(value, 'instant', timeZone) as [number, number]);
  return (start) => left.every(([first, last]) => start < first || start > last);
}

/** The schedules of the ids and of the doctors (both, when both are given) valid in the window; neither: every schedule of the organization. */
async function schedulesAsked(ctx: Context, organizationId: string, asked: { ids: string[] | undefined; doctors: string[] | undefined }, dateFrom: string, dateTo: string): Promise<readonly DoctorSchedule[]> {
  const { ids, doctors } = asked;
  if (ids) return (await schedulesIn(ctx.db, organizationId, { ids }, dateFrom, dateTo)).filter((schedule) => doctors === undefined || doctors.includes(schedule.doctorId));
  if (!doctors) return rememberedSchedulesIn(ctx.db, organizationId, { everyDoctor: true }, dateFrom, dateTo);
  const schedules: DoctorSchedule[] = [];
  for (const doctorId of doctors) schedules.push(...(await rememberedSchedulesIn(ctx.db, organizationId, { doctorId }, dateFrom, dateTo)));
  return schedules;
}

/** GET /fhir/R4/Slot?...: a page of the free slots of the schedules named, in the window, by start then id. */
export async function searchSlots(ctx: Context, input: SlotSearchInput): Promise<SearchPage> {
  const timeZone = await zoneOfKnown(ctx, input.organizationId);
  const ids = allOf(input.schedule);
  const doctors = allOf(input['schedule.actor']);
  const { low, high } = windowOf(input.start ?? [], timeZone);
  const [dateFrom, dateTo] = [dateIn(timeZone, low), dateIn(timeZone, Math.max(low, high))];
  if (dayNumber(dateTo) - dayNumber(dateFrom) >= MAX_SLOT_DAYS) throw validationFailed('start', `at most ${MAX_SLOT_DAYS} days at once`);
  if (!ids && !doctors && dayNumber(dateTo) - dayNumber(dateFrom) >= MAX_CLINIC_SLOT_DAYS) {
    throw validationFailed('start', `without schedule or schedule.actor (every schedule of the organization), at most ${MAX_CLINIC_SLOT_DAYS} day at once`);
  }
  const cursor = input._cursor === undefined ? undefined : slotKeyOf(input._cursor);
  if (input._cursor !== undefined && !cursor) throw validationFailed('_cursor', 'not a Slot id');

  const asked = (status: SlotStatus) => (input.status === undefined ? status === 'free' : input.status.every((codes) => codes.includes(status)));
  const empty = low > high || !(asked('free') || asked('busy')) || ids?.length === 0 || doctors?.length === 0;
  const schedules = empty ? [] : await schedulesAsked(ctx, input.organizationId, { ids, doctors }, dateFrom, dateTo);
  const free = await freeOfSchedules(ctx, input.organizationId, schedules, dateFrom, dateTo, timeZone);
  const busy = asked('busy') ? await busyOfSchedules(ctx, input.organizationId, schedules, dateFrom, dateTo, timeZone, new Set(free.map((slot) => slot.id))) : [];
  const kept = outsideOfNe(input.start ?? [], timeZone);
  const all = [...(asked('free') ? free : []), ...busy]
    .filter((slot) => slot.start >= low && slot.start <= high && kept(slot.start))
    // Ids in code-unit order, as the cursor compares them.
    .sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const count = input._summary === 'count' ? 0 : input._count;
  if (count === 0) return { total: all.length, count: input._count, items: [], included: [], next: null };
  const after = cursor ? zonedInstant(cursor.date, startMinuteOf(cursor), timeZone) : undefined;
  const rest = after === undefined ? all : all.filter((slot) => slot.start > after || (slot.start === after && slot.id > input._cursor!));
  const page = rest.slice(0, count);
  return { total: all.length, count, items: page.map(resourceOf), included: [], next: rest.length > count ? page.at(-1)!.id : null };
}
