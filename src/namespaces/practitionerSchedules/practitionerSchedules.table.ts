import type { Json } from '../../values/record.ts';

/** Working hours of one range: weekday 0 = Sunday ... 6 = Saturday, HH:mm wall-clock times. */
export interface WeeklyRange {
  weekday: number;
  startTime: string;
  endTime: string;
}

/**
 * `leave`: no availability from dateFrom to dateTo (inclusive), the whole day or, with a time
 * range, within it. `extra`: an extra session on dateFrom, startTime to endTime.
 */
export interface ScheduleException {
  kind: 'leave' | 'extra';
  dateFrom: string;
  dateTo: string | null;
  startTime: string | null;
  endTime: string | null;
  note: string | null;
}

/** A doctor's weekly working hours in an organization (optionally for one service and branch). */
export interface PractitionerSchedulesTable {
  id: string;
  organizationId: string;
  /** the users record id of the doctor */
  doctorId: string;
  organizationBranchId: string | null;
  serviceId: string | null;
  slotMinutes: number;
  validFrom: string;
  validTo: string | null;
  weeklyHours: Json<WeeklyRange[]>;
  exceptions: Json<ScheduleException[]>;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    practitionerSchedules: PractitionerSchedulesTable;
  }
}
