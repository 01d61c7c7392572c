import { AppError, type ErrorDetail } from '../../values/errors.ts';
import { spanMinutes } from './sleepLogs.clock.ts';
import { MAX_GOAL_MINUTES, MIN_GOAL_MINUTES } from './sleepLogs.fields.ts';
import type { PreferencesRow } from './sleepLogs.repo.ts';

export interface PreferencesInput {
  sleepTime?: string | undefined;
  wakeTime?: string | undefined;
  sleepReminderEnabled?: boolean | null | undefined;
  wakeReminderEnabled?: boolean | null | undefined;
  sleepGoalMinutes?: number | null | undefined;
  allowManualGoalUpdate?: boolean | undefined;
}

export interface PreferenceValues {
  sleepTime: string;
  wakeTime: string;
  sleepGoalMinutes: number;
  sleepReminderEnabled: boolean;
  wakeReminderEnabled: boolean;
}

/**
 * The preferences after an update:
 * - sleepTime and wakeTime are required on the first setup and kept when omitted later;
 * - the goal is sleepGoalMinutes when allowManualGoalUpdate is true and it is given; otherwise it
 *   is derived from sleepTime to wakeTime (across midnight) whenever a time is given, on the first
 *   setup, or when allowManualGoalUpdate is true with sleepGoalMinutes null (back to the derived
 *   goal); a reminder-only update keeps the goal. A derived goal outside 240..900 minutes is
 *   VALIDATION_FAILED (the times are likely AM / PM swapped);
 * - a reminder switch keeps its value when omitted, null turns it off, first setup default off.
 */
export function nextPreferences(current: PreferencesRow | undefined, input: PreferencesInput): PreferenceValues {
  const sleepTime = input.sleepTime ?? current?.sleepTime;
  const wakeTime = input.wakeTime ?? current?.wakeTime;
  const missing: ErrorDetail[] = [];
  if (sleepTime === undefined) missing.push({ path: 'sleepTime', message: 'sleepTime is required on the first setup' });
  if (wakeTime === undefined) missing.push({ path: 'wakeTime', message: 'wakeTime is required on the first setup' });
  if (sleepTime === undefined || wakeTime === undefined) {
    throw new AppError('VALIDATION_FAILED', missing.map((m) => m.message).join('; '), { details: missing });
  }

  const manual = input.allowManualGoalUpdate === true;
  let sleepGoalMinutes: number;
  if (manual && typeof input.sleepGoalMinutes === 'number') {
    sleepGoalMinutes = input.sleepGoalMinutes;
  } else if (!current || input.sleepTime !== undefined || input.wakeTime !== undefined || (manual && input.sleepGoalMinutes === null)) {
    sleepGoalMinutes = spanMinutes(sleepTime, wakeTime);
    if (sleepGoalMinutes < MIN_GOAL_MINUTES || sleepGoalMinutes > MAX_GOAL_MINUTES) {
      const message = `the time from sleepTime ${sleepTime} to wakeTime ${wakeTime} must be 240 to 900 minutes (4 to 15 hours)`;
      throw new AppError('VALIDATION_FAILED', message, { details: [{ path: 'wakeTime', message }] });
    }
  } else {
    sleepGoalMinutes = Number(current.sleepGoalMinutes);
  }

  const switchValue = (given: boolean | null | undefined, stored: PreferencesRow['sleepReminderEnabled'] | undefined) =>
    given === undefined ? Boolean(stored ?? false) : given === true;
  return {
    sleepTime,
    wakeTime,
    sleepGoalMinutes,
    sleepReminderEnabled: switchValue(input.sleepReminderEnabled, current?.sleepReminderEnabled),
    wakeReminderEnabled: switchValue(input.wakeReminderEnabled, current?.wakeReminderEnabled),
  };
}
