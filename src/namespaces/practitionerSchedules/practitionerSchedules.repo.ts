import type { Db } from '../../db/database.ts';
import { cachedRead } from '../../db/table-cache.ts';
import { fromJsonText } from '../../values/record.ts';
import type { ScheduleRules } from './practitionerSchedules.availability.ts';
import type { ScheduleException, WeeklyRange } from './practitionerSchedules.table.ts';

export interface DoctorSchedule extends ScheduleRules {
  id: string;
  doctorId: string;
  serviceId: string | null;
  slotMinutes: number;
}

/** Whose schedules: one doctor's (all services, or `serviceId` and the service-less ones), every doctor's for `serviceId`, those of the ids, or every doctor's of the organization. */
export type ScheduleScope = { doctorId: string; serviceId?: string | undefined } | { serviceId: string } | { ids: readonly string[] } | { everyDoctor: true };

/** The schedules of the scope valid on some day from `dateFrom` to `dateTo`: one query on (doctorId, validFrom) or (organizationId, serviceId). */
export async function schedulesIn(db: Db, organizationId: string, scope: ScheduleScope, dateFrom: string, dateTo: string): Promise<DoctorSchedule[]> {
  let query = db
    .selectFrom('practitionerSchedules')
    .select(['id', 'doctorId', 'serviceId', 'slotMinutes', 'validFrom', 'validTo', 'weeklyHours', 'exceptions'])
    .where('organizationId', '=', organizationId)
    .where('validFrom', '<=', dateTo)
    .where((eb) => eb.or([eb('validTo', 'is', null), eb('validTo', '>=', dateFrom)]));
  if ('doctorId' in scope) {
    query = query.where('doctorId', '=', scope.doctorId);
    const { serviceId } = scope;
    if (serviceId) query = query.where((eb) => eb.or([eb('serviceId', 'is', null), eb('serviceId', '=', serviceId)]));
  } else if ('ids' in scope) {
    query = query.where('id', 'in', scope.ids);
  } else if ('serviceId' in scope) {
    query = query.where('serviceId', '=', scope.serviceId);
  }
  const rows = await query.orderBy('doctorId').orderBy('validFrom').execute();
  return rows.map((row) => ({
    ...row,
    weeklyHours: fromJsonText<WeeklyRange[]>(row.weeklyHours) ?? [],
    exceptions: fromJsonText<ScheduleException[]>(row.exceptions) ?? [],
  }));
}

/**
 * Every schedule of one doctor valid on some day from `dateFrom` to `dateTo`, in validFrom order.
 * Each booking asks, so the doctor's schedules are remembered until the table changes
 * (src/db/table-cache.ts); the shared values must never be changed.
 */
export async function doctorSchedulesIn(db: Db, organizationId: string, doctorId: string, dateFrom: string, dateTo: string): Promise<readonly DoctorSchedule[]> {
  return rememberedSchedulesIn(db, organizationId, { doctorId }, dateFrom, dateTo);
}

const scopeKey = (scope: ScheduleScope): string =>
  'doctorId' in scope ? `${scope.doctorId}:${scope.serviceId ?? ''}` : 'ids' in scope ? `ids:${scope.ids.join(',')}` : 'serviceId' in scope ? `service:${scope.serviceId}` : 'every';

/**
 * schedulesIn, remembered per scope until the table changes (src/db/table-cache.ts): what the free
 * slot searches read on every request. The shared values must never be changed.
 */
export async function rememberedSchedulesIn(db: Db, organizationId: string, scope: ScheduleScope, dateFrom: string, dateTo: string): Promise<readonly DoctorSchedule[]> {
  const all = await cachedRead(db, ['practitionerSchedules'], `schedules:${organizationId}:${scopeKey(scope)}`, () =>
    schedulesIn(db, organizationId, scope, '0000-01-01', '9999-12-31'),
  );
  return all.filter((s) => s.validFrom <= dateTo && (s.validTo === null || s.validTo >= dateFrom));
}
