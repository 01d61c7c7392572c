/**
 * The demo doctors' working hours (practitionerSchedules, docs/scheduling.md): weekdays, a morning
 * and an afternoon session, each doctor with its own slot length; one doctor is on leave on the
 * first weekday after the demo's day. Every time the demo books (scripts/demo-data.ts) lies in
 * them, so appointments.findSlots answers the rest as free.
 */

export interface DemoSchedule {
  slotMinutes: number;
  /** [startTime, endTime] of each session, Monday to Friday */
  sessions: [string, string][];
  /** a Saturday morning session as well */
  saturday?: [string, string];
  /** on leave on the first weekday after the demo's day */
  leave?: string;
}

/** By doctor, in the order the demo creates them (three of the hospital, then two of the clinic). */
export const SCHEDULES: DemoSchedule[] = [
  { slotMinutes: 15, sessions: [['09:00', '13:00'], ['14:00', '17:00']] },
  { slotMinutes: 20, sessions: [['09:00', '12:20'], ['14:00', '17:20']] },
  { slotMinutes: 30, sessions: [['09:00', '12:00'], ['14:00', '18:00']] },
  { slotMinutes: 10, sessions: [['09:00', '13:00'], ['16:00', '19:00']], saturday: ['09:00', '12:00'] },
  { slotMinutes: 20, sessions: [['09:30', '12:30'], ['14:00', '17:00']], leave: 'Medical conference' },
];

const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5];

export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first Monday-to-Friday day after `today`. */
export function nextWeekday(today: string): string {
  let day = addDays(today, 1);
  while (!MONDAY_TO_FRIDAY.includes(weekdayOf(day))) day = addDays(day, 1);
  return day;
}

/** The date the doctor is on leave, if any. */
export const leaveDay = (schedule: DemoSchedule, today: string): string | undefined => (schedule.leave ? nextWeekday(today) : undefined);

/** practitionerSchedules.create's data for one doctor, valid from `today` on. */
export function scheduleInput(schedule: DemoSchedule, organizationId: string, doctorId: string, today: string): Record<string, unknown> {
  const weeklyHours = MONDAY_TO_FRIDAY.flatMap((weekday) => schedule.sessions.map(([startTime, endTime]) => ({ weekday, startTime, endTime })));
  if (schedule.saturday) weeklyHours.push({ weekday: 6, startTime: schedule.saturday[0], endTime: schedule.saturday[1] });
  const leave = leaveDay(schedule, today);
  return {
    organizationId,
    doctorId,
    slotMinutes: schedule.slotMinutes,
    validFrom: today,
    weeklyHours,
    exceptions: leave ? [{ kind: 'leave', dateFrom: leave, note: schedule.leave }] : [],
  };
}
