import type { TestApp } from '../../../test/harness.ts';

/** Monday to Friday 09:00-13:00 and 14:00-17:00 (2030-03-04 is a Monday). */
export const WEEKDAYS_9_TO_5 = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, startTime: '09:00', endTime: '13:00' },
  { weekday, startTime: '14:00', endTime: '17:00' },
]);

/** The body of a practitionerSchedules.create, overridable. */
export function schedule(organizationId: string, doctorId: string, data: Record<string, unknown> = {}): Record<string, unknown> {
  return { organizationId, doctorId, slotMinutes: 30, validFrom: '2030-01-01', weeklyHours: WEEKDAYS_9_TO_5, ...data };
}

export function schedules(t: TestApp) {
  return (apiName: string, data: Record<string, unknown>, token?: string) => t.call('practitionerSchedules', apiName, data, token ? { token } : {});
}
