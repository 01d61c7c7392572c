import { z } from 'zod';
import { out } from '../../values/results.ts';
import { organizationRecordKey, writeTimes } from '../../values/result-fields.ts';

/** Result schemas of the hrmAttendance namespace (src/values/results.ts), from hrmAttendance.table.ts. */

/** An attendance record, as stored. */
const recordShape = {
  ...organizationRecordKey(),
  employeeId: out.id(),
  attendanceDate: out.date(),
  /** `HH:mm` or an ISO 8601 date-time with a zone, as sent */
  firstCheckIn: out.text().nullable(),
  lastCheckOut: out.text().nullable(),
  workedMinutes: out.int().nullable(),
  lateMinutes: out.int().nullable(),
  shiftId: out.text().nullable(),
  status: out.text(),
  source: out.text().nullable(),
  remarks: out.text().nullable(),
  approvedBy: out.text().nullable(),
  approvedAt: out.text().nullable(),
  ...writeTimes(),
};
export const attendanceRecord = out.record(recordShape).meta({ title: 'hrmAttendance' });

/**
 * A row of the list (hrmAttendance.repo.ts, AttendanceListItem): the record's fields, its check
 * times as checkIn / checkOut; employeeCode and the department fields are always null.
 */
const { id, employeeId, shiftId, attendanceDate, workedMinutes, lateMinutes, status, source, remarks } = recordShape;
export const attendanceListItem = z
  .object({
    id,
    employeeId,
    employeeCode: z.null(),
    employeeName: out.text().nullable(),
    departmentId: z.null(),
    departmentName: z.null(),
    shiftId,
    attendanceDate,
    checkIn: recordShape.firstCheckIn,
    checkOut: recordShape.lastCheckOut,
    workedMinutes,
    /** e.g. `7h 30m` */
    hoursWorked: out.text().nullable(),
    lateMinutes,
    status,
    source,
    remarks,
  })
  .meta({ title: 'hrmAttendanceListItem' });

/** The interface's list shape: `limit` where other pages have pageSize. */
export const attendancePage = z.object({
  items: z.array(attendanceListItem),
  total: out.int().min(0),
  page: out.int().min(1),
  limit: out.int().min(1),
  totalPages: out.int().min(0),
});

/** One day's counts by status. */
export const attendanceSummary = z.object({
  date: out.date(),
  total: out.int().min(0),
  /** one key per status seen that day */
  byStatus: z.record(z.string(), out.int().min(0)),
});
