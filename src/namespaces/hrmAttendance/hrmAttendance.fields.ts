import { z } from 'zod';
import { date, id, str } from '../../values/fields.ts';
import { checkTime, MAX_MINUTES } from './hrmAttendance.times.ts';

/** Schema pieces shared by the hrmAttendance operations. */

/** Optional in every hrmAttendance operation (interface); omitted or null = the caller's organization. */
export const organizationId = () => id().nullish();
export const status = () => z.string().trim().min(1, 'must not be empty').max(100);
export const minutes = () => z.int().min(0).max(MAX_MINUTES);

export const createInput = z.object({
  organizationId: organizationId(),
  employeeId: id(),
  attendanceDate: date(),
  status: status(),
  firstCheckIn: checkTime().nullish(),
  lastCheckOut: checkTime().nullish(),
  workedMinutes: minutes().nullish(),
  lateMinutes: minutes().nullish(),
  shiftId: str().nullish(),
  source: str().nullish(),
  remarks: str().nullish(),
  approvedBy: str().nullish(),
  approvedAt: str().nullish(),
});

/** Update: every field optional; the required ones (employeeId, attendanceDate, status) may change but never be cleared. */
export const updateInput = z.object({ id: id() }).extend(createInput.partial().shape);

export const keyInput = z.object({ id: id(), organizationId: organizationId() });
