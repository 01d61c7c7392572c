export interface HrmAttendanceTable {
  id: string;
  organizationId: string;
  employeeId: string;
  attendanceDate: string;
  firstCheckIn: string | null;
  lastCheckOut: string | null;
  workedMinutes: number | null;
  lateMinutes: number | null;
  shiftId: string | null;
  status: string;
  source: string | null;
  remarks: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    hrmAttendance: HrmAttendanceTable;
  }
}
