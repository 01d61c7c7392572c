import { member } from '../../operations/audience.ts';
import { validationFailed } from '../../values/errors.ts';
import { date, id } from '../../values/fields.ts';
import type { Context } from '../../operations/operation.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { findService, isDoctorOf } from '../services/services.public.ts';
import { minuteOfDay } from './practitionerSchedules.availability.ts';
import { scheduleExceptions, slotMinutes, weeklyHours } from './practitionerSchedules.fields.ts';
import { doctorsOwnWrites } from '../../access/owners.ts';
import type { WeeklyRange } from './practitionerSchedules.table.ts';

export type ScheduleRecord = ResourceRecord<'practitionerSchedules'>;

/** The first two ranges of one weekday that overlap, if any. */
function overlapping(ranges: readonly WeeklyRange[]): [WeeklyRange, WeeklyRange] | undefined {
  const sorted = [...ranges].sort((a, b) => a.weekday - b.weekday || minuteOfDay(a.startTime) - minuteOfDay(b.startTime));
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    if (a.weekday === b.weekday && minuteOfDay(b.startTime) < minuteOfDay(a.endTime)) return [a, b];
  }
  return undefined;
}

/**
 * Invariants of the record about to be written: the doctor is a users record with role doctor in
 * the organization and never changes (the owner check is on the stored doctor), the service is
 * the organization's, validTo is not before validFrom, and a weekday's ranges do not overlap.
 */
async function prepare(record: ScheduleRecord, ctx: Context, current?: ScheduleRecord): Promise<ScheduleRecord> {
  if (current && record.doctorId !== current.doctorId) throw validationFailed('doctorId', 'a schedule stays its doctor\'s');
  if (!current && !(await isDoctorOf(ctx.db, record.organizationId, record.doctorId))) {
    throw validationFailed('doctorId', 'must be the id of a user record with role doctor in this organization');
  }
  if (record.serviceId && record.serviceId !== current?.serviceId && !(await findService(ctx.db, record.organizationId, record.serviceId))) {
    throw validationFailed('serviceId', 'must be a service of this organization');
  }
  if (record.validTo !== null && record.validTo < record.validFrom) throw validationFailed('validTo', 'must not be before validFrom');
  const clash = overlapping(record.weeklyHours);
  if (clash) {
    const [a, b] = clash;
    throw validationFailed('weeklyHours', `ranges overlap on weekday ${a.weekday}: ${a.startTime}-${a.endTime} and ${b.startTime}-${b.endTime}`);
  }
  return record;
}

/**
 * A doctor's weekly working hours (docs/scheduling.md). All five operations are generated: writes
 * are the doctor's own or its organization's staff's with a granted role (admin, receptionist),
 * reads are members' (the role table).
 */
export const practitionerSchedules = defineResource({
  namespace: 'practitionerSchedules', audience: member(),
  audiences: doctorsOwnWrites('practitionerSchedules'),
  table: 'practitionerSchedules',
  noun: 'schedule',
  scope: 'organization',
  fields: {
    doctorId: { kind: 'string', required: true, schema: id() },
    organizationBranchId: { kind: 'string', schema: id() },
    serviceId: { kind: 'string', schema: id() },
    slotMinutes: { kind: 'int', required: true, schema: slotMinutes() },
    validFrom: { kind: 'date', required: true, schema: date() },
    validTo: { kind: 'date', schema: date() },
    weeklyHours: { kind: 'json', required: true, schema: weeklyHours() },
    exceptions: { kind: 'json', schema: scheduleExceptions(), default: [] },
  },
  listFilters: ['doctorId', 'serviceId'],
  listReferences: { doctorId: { noun: 'doctor', find: isDoctorOf }, serviceId: { noun: 'service', find: findService } },
  prepare,
});
