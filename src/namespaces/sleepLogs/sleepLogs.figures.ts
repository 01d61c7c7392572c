import { addDays } from '../../time/zone.ts';
import { completionPercentage, goalAchieved, QUALITIES, type Quality } from './sleepLogs.quality.ts';
import { meanHours, meanMinutesText, percentOf } from './sleepLogs.rounding.ts';
import type { SleepLogRow } from './sleepLogs.repo.ts';

/**
 * The derived sleep figures (docs/wellness.md). Averages are over the logs in the period (a day
 * without a log does not count as 0 hours); minutes are answered with one decimal, hours with two,
 * percentages with one, all rounded half up from the integer minutes.
 */

function slept(log: SleepLogRow): number {
  return Number(log.sleptMinutes);
}

function totalMinutes(logs: SleepLogRow[]): number {
  return logs.reduce((sum, l) => sum + slept(l), 0);
}

export function averages(logs: SleepLogRow[]): { minutes: number; hours: number } {
  const sum = totalMinutes(logs);
  return { minutes: meanMinutesText(sum, logs.length), hours: meanHours(sum, logs.length) };
}

/** Share of logs whose minutes slept reach the log's own goal, in percent; 0 without logs. */
export function goalCompletionRate(logs: SleepLogRow[]): number {
  return percentOf(logs.filter((l) => goalAchieved(slept(l), Number(l.goalMinutes))).length, logs.length);
}

export function qualityDistribution(logs: SleepLogRow[]): Record<Quality, number> {
  const counts = Object.fromEntries(QUALITIES.map((q) => [q, 0])) as Record<Quality, number>;
  for (const log of logs) if (QUALITIES.includes(log.quality)) counts[log.quality] += 1;
  return counts;
}

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}

/**
 * The window from `from` to `to` cut into 7-day weeks counted from `from`: week 1 is `from` and the
 * 6 days after it, and so on; the last week (the one holding `to`) may be shorter. Every week is
 * listed, oldest first: `average` is the mean hours slept of its logs (0 without logs) and `days`
 * the number of its logs.
 */
export function weeklyAverages(logs: SleepLogRow[], from: string, to: string): { week: number; average: number; days: number }[] {
  const weeks = Math.floor((dayNumber(to) - dayNumber(from)) / 7) + 1;
  return Array.from({ length: weeks }, (_, i) => {
    const start = addDays(from, i * 7);
    const end = addDays(start, 6);
    const inWeek = logs.filter((l) => l.date >= start && l.date <= end);
    return { week: i + 1, average: meanHours(totalMinutes(inWeek), inWeek.length), days: inWeek.length };
  });
}

/** Minutes the average must move towards or away from the goal for the trend not to be `stable`. */
export const TREND_MINUTES = 15;

/**
 * improving / declining / stable: how far this week's mean minutes slept is from the goal, against
 * the same for the 7 days before. Closer by TREND_MINUTES or more is improving, farther by as much
 * declining, anything else (or a week without logs) stable. Compared exactly, in integers.
 */
export function trendOf(thisWeek: SleepLogRow[], previousWeek: SleepLogRow[], goalMinutes: number): 'improving' | 'declining' | 'stable' {
  const n = thisWeek.length;
  const p = previousWeek.length;
  if (n === 0 || p === 0) return 'stable';
  // |mean - goal| scaled by n * p to stay in integers.
  const now = Math.abs(totalMinutes(thisWeek) - goalMinutes * n) * p;
  const before = Math.abs(totalMinutes(previousWeek) - goalMinutes * p) * n;
  const threshold = TREND_MINUTES * n * p;
  if (before - now >= threshold) return 'improving';
  if (now - before >= threshold) return 'declining';
  return 'stable';
}

export interface DayAchievement {
  date: string;
  sleptMinutes: number;
  goalMinutes: number;
  achieved: boolean;
  completionPercentage: number;
}

/** One row per day from `from`, `days` days, oldest first; a day without a log has 0 minutes against the current goal. */
export function dailyAchievement(logs: SleepLogRow[], from: string, days: number, currentGoal: number): DayAchievement[] {
  const byDate = new Map(logs.map((l) => [l.date, l]));
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    const log = byDate.get(date);
    const sleptMinutes = log ? slept(log) : 0;
    const goalMinutes = log ? Number(log.goalMinutes) : currentGoal;
    return {
      date,
      sleptMinutes,
      goalMinutes,
      achieved: log !== undefined && goalAchieved(sleptMinutes, goalMinutes),
      completionPercentage: completionPercentage(sleptMinutes, goalMinutes),
    };
  });
}
