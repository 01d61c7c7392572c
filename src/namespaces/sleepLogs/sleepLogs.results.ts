import { z } from 'zod';
import { out } from '../../values/results.ts';
import { writeTimes, writeTimesOrNull } from '../../values/result-fields.ts';
import { QUALITIES } from './sleepLogs.quality.ts';

/** A quality rating (sleepLogs.quality.ts): the only values qualityOf gives and logs store. */
export const qualityResult = () => z.enum(QUALITIES);

/** The sleep goal a night is measured against (sleepLogs.figures.ts). */
const goal = { goalMinutes: out.int(), goalHours: out.number() };

/** A sleep log with its goal figures (sleepLogs.records.ts `SleepLog`). */
export const sleepLogResult = out
  .record({
    id: out.id(),
    idpUserId: out.id(),
    date: out.date(),
    hoursSlept: out.number(),
    sleptMinutes: out.int(),
    bedTime: out.time().nullable(),
    wakeTime: out.time().nullable(),
    quality: qualityResult(),
    notes: out.text().nullable(),
    ...goal,
    completionPercentage: out.number(),
    ...writeTimes(),
  })
  .meta({ title: 'SleepLog' });

/**
 * The "sleep preferences" shape (sleepLogs.records.ts `SleepPreferences`); before the first setup
 * id, times and createdAt / updatedAt are null. patientId is always null (no patient profiles here).
 */
export const sleepPreferencesResult = out
  .record({
    id: out.id().nullable(),
    patientId: z.null(),
    idpUserId: out.id(),
    sleepTime: out.time().nullable(),
    wakeTime: out.time().nullable(),
    sleepGoalMinutes: out.int(),
    /** "7h 30m" */
    sleepGoalHours: out.text(),
    sleepReminderEnabled: out.bool(),
    wakeReminderEnabled: out.bool(),
    ...writeTimesOrNull(),
  })
  .meta({ title: 'SleepPreferences' });

/** The "sleep log of today" shape (sleepLogs.records.ts `TodaySleep`); the log's fields are null without a log today. */
export const todaySleepResult = out
  .record({
    _id: out.id().nullable(),
    patientProfileId: z.null(),
    idpUserId: out.id(),
    date: out.date(),
    hoursSlept: out.number().nullable(),
    quality: qualityResult().nullable(),
    bedTime: out.time().nullable(),
    wakeTime: out.time().nullable(),
    sleptMinutes: out.int().nullable(),
    ...goal,
    completionPercentage: out.number().nullable(),
  })
  .meta({ title: 'TodaySleep' });

/** How many logs of the period have each quality (every quality named, 0 when none). */
export const qualityDistributionResult = z.object({
  excellent: out.int(),
  good: out.int(),
  fair: out.int(),
  poor: out.int(),
  too_much: out.int(),
});

/** One day of a week against its goal (sleepLogs.figures.ts `DayAchievement`). */
export const dayAchievementResult = out.record({
  date: out.date(),
  sleptMinutes: out.int(),
  goalMinutes: out.int(),
  achieved: out.bool(),
  completionPercentage: out.number(),
});
