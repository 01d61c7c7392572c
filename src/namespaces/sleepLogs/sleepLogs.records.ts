import { toBool } from '../../values/record.ts';
import { hoursText, minutesToHours } from './sleepLogs.clock.ts';
import { DEFAULT_GOAL_MINUTES } from './sleepLogs.fields.ts';
import { completionPercentage, type Quality } from './sleepLogs.quality.ts';
import type { PreferencesRow, SleepLogRow } from './sleepLogs.repo.ts';

/** The interface's "sleep preferences" shape. This service keeps no patient profiles: patientId is null. */
export interface SleepPreferences {
  id: string | null;
  patientId: null;
  idpUserId: string;
  sleepTime: string | null;
  wakeTime: string | null;
  sleepGoalMinutes: number;
  sleepGoalHours: string;
  sleepReminderEnabled: boolean;
  wakeReminderEnabled: boolean;
  createdAt: number | null;
  updatedAt: number | null;
}

export function preferencesOf(row: PreferencesRow): SleepPreferences {
  const goal = Number(row.sleepGoalMinutes);
  return {
    id: row.id,
    patientId: null,
    idpUserId: row.idpUserId,
    sleepTime: row.sleepTime,
    wakeTime: row.wakeTime,
    sleepGoalMinutes: goal,
    sleepGoalHours: hoursText(goal),
    sleepReminderEnabled: toBool(row.sleepReminderEnabled) ?? false,
    wakeReminderEnabled: toBool(row.wakeReminderEnabled) ?? false,
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

/** Before the first setup: no id or times, the default goal, reminders off. */
export function defaultPreferences(idpUserId: string): SleepPreferences {
  return {
    id: null,
    patientId: null,
    idpUserId,
    sleepTime: null,
    wakeTime: null,
    sleepGoalMinutes: DEFAULT_GOAL_MINUTES,
    sleepGoalHours: hoursText(DEFAULT_GOAL_MINUTES),
    sleepReminderEnabled: false,
    wakeReminderEnabled: false,
    createdAt: null,
    updatedAt: null,
  };
}

/** A sleep log as stored, with its goal figures (logSleep, getSleepHistory). */
export type SleepLog = SleepLogRow & { goalHours: number; completionPercentage: number };

export function sleepLogOf(row: SleepLogRow): SleepLog {
  const slept = Number(row.sleptMinutes);
  const goal = Number(row.goalMinutes);
  return {
    ...row,
    hoursSlept: Number(row.hoursSlept),
    sleptMinutes: slept,
    goalMinutes: goal,
    goalHours: minutesToHours(goal),
    completionPercentage: completionPercentage(slept, goal),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

/** The interface's "sleep log of today" shape. */
export interface TodaySleep {
  _id: string | null;
  /** always null: this service keeps no patient profiles */
  patientProfileId: null;
  idpUserId: string;
  date: string;
  hoursSlept: number | null;
  quality: Quality | null;
  bedTime: string | null;
  wakeTime: string | null;
  sleptMinutes: number | null;
  goalMinutes: number;
  goalHours: number;
  completionPercentage: number | null;
}

/** Today's log in the interface's shape; with no log today every log field is null and the goal is the current one. */
export function todaySleepOf(idpUserId: string, date: string, row: SleepLogRow | undefined, currentGoal: number): TodaySleep {
  if (!row) {
    return {
      _id: null,
      patientProfileId: null,
      idpUserId,
      date,
      hoursSlept: null,
      quality: null,
      bedTime: null,
      wakeTime: null,
      sleptMinutes: null,
      goalMinutes: currentGoal,
      goalHours: minutesToHours(currentGoal),
      completionPercentage: null,
    };
  }
  const log = sleepLogOf(row);
  return {
    _id: log.id,
    patientProfileId: null,
    idpUserId,
    date,
    hoursSlept: log.hoursSlept,
    quality: log.quality,
    bedTime: log.bedTime,
    wakeTime: log.wakeTime,
    sleptMinutes: log.sleptMinutes,
    goalMinutes: log.goalMinutes,
    goalHours: log.goalHours,
    completionPercentage: log.completionPercentage,
  };
}
