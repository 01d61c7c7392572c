import { milliOf, type LogRow } from './calorieLogs.repo.ts';
import { addMilli, averageTotals, displayTotals, percentOfGoal, remaining, withinGoal, zeroMilli, type MilliTotals, type Totals } from './calorieLogs.nutrition.ts';

/** One day of a history or a week: totals against the goal in force that day. */
export interface DayRow {
  date: string;
  /** null on a day without a log */
  dailyGoal: number | null;
  entryCount: number;
  totals: Totals;
  remaining: number | null;
  percent: number | null;
  withinGoal: boolean;
}

export function dayRowOf(log: LogRow): DayRow {
  const milli = milliOf(log);
  const goal = Number(log.dailyGoal);
  return {
    date: log.date,
    dailyGoal: goal,
    entryCount: Number(log.entryCount),
    totals: displayTotals(milli),
    remaining: remaining(milli.calories, goal),
    percent: percentOfGoal(milli.calories, goal),
    withinGoal: withinGoal(Number(log.entryCount), milli.calories, goal),
  };
}

export function emptyDayRow(date: string): DayRow {
  return { date, dailyGoal: null, entryCount: 0, totals: displayTotals(zeroMilli()), remaining: null, percent: null, withinGoal: false };
}

export function isWithinGoal(log: LogRow): boolean {
  return withinGoal(Number(log.entryCount), Number(log.caloriesMilli), Number(log.dailyGoal));
}

export interface PeriodFigures {
  totals: Totals;
  /** per logged day (a day with at least one entry) */
  average: Totals;
  daysLogged: number;
  daysWithinGoal: number;
}

/** Sums, per-logged-day averages and counts over a set of day logs. */
export function periodFigures(logs: LogRow[]): PeriodFigures {
  const logged = logs.filter((l) => Number(l.entryCount) > 0);
  const sum = logged.reduce<MilliTotals>((acc, l) => addMilli(acc, milliOf(l)), zeroMilli());
  return {
    totals: displayTotals(sum),
    average: averageTotals(sum, logged.length),
    daysLogged: logged.length,
    daysWithinGoal: logged.filter(isWithinGoal).length,
  };
}
