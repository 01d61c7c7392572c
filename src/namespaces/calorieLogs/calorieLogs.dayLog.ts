import type { Db } from '../../db/database.ts';
import { numberOrNull } from '../../values/stored-numbers.ts';
import { logOn } from '../../db/daily-logs.ts';
import { currentGoal, listEntries, milliOf, saveTotals, type EntryRow, type LogRow } from './calorieLogs.repo.ts';
import { displayTotals, percentOfGoal, remaining, sumEntries, withinGoal, type Totals } from './calorieLogs.nutrition.ts';

/** A food of the day as its entry row holds it, with its position and when it was added. */
export type FoodEntry = Pick<EntryRow, 'name' | 'calories' | 'protein' | 'carbs' | 'fat' | 'fiber' | 'quantity'> & {
  /** Position in the day's list, from 0: what removeFood takes. */
  index: number;
  addedAt: number;
};

/** A day's calorie log as answered by every calorieLogs operation on today's log. */
export interface DayLog {
  /** null until the first food of the day is added */
  id: string | null;
  idpUserId: string;
  date: string;
  dailyGoal: number;
  entries: FoodEntry[];
  totals: Totals;
  remaining: number;
  percent: number;
  withinGoal: boolean;
  createdAt: number | null;
  updatedAt: number | null;
}

function entryOf(row: EntryRow, index: number): FoodEntry {
  return {
    index,
    name: row.name,
    calories: Number(row.calories),
    protein: numberOrNull(row.protein),
    carbs: numberOrNull(row.carbs),
    fat: numberOrNull(row.fat),
    fiber: numberOrNull(row.fiber),
    quantity: row.quantity,
    addedAt: Number(row.createdAt),
  };
}

export function dayLogOf(log: LogRow, entries: EntryRow[]): DayLog {
  const milli = milliOf(log);
  const goal = Number(log.dailyGoal);
  return {
    id: log.id,
    idpUserId: log.idpUserId,
    date: log.date,
    dailyGoal: goal,
    entries: entries.map(entryOf),
    totals: displayTotals(milli),
    remaining: remaining(milli.calories, goal),
    percent: percentOfGoal(milli.calories, goal),
    withinGoal: withinGoal(Number(log.entryCount), milli.calories, goal),
    createdAt: Number(log.createdAt),
    updatedAt: Number(log.updatedAt),
  };
}

/** The day before its first food: no entries, the person's current goal. */
export function emptyDayLog(idpUserId: string, date: string, goal: number): DayLog {
  return {
    id: null,
    idpUserId,
    date,
    dailyGoal: goal,
    entries: [],
    totals: displayTotals(sumEntries([])),
    remaining: remaining(0, goal),
    percent: 0,
    withinGoal: false,
    createdAt: null,
    updatedAt: null,
  };
}

/** Reads the day's log (or the empty day) without writing anything. */
export async function readDayLog(db: Db, idpUserId: string, date: string): Promise<DayLog> {
  const log = await logOn(db, 'calorieLogs', idpUserId, date);
  if (!log) return emptyDayLog(idpUserId, date, await currentGoal(db, idpUserId));
  return dayLogOf(log, await listEntries(db, log.id));
}

/** After entries changed: recomputes the totals from all of the day's entries and answers the day. */
export async function settle(db: Db, log: LogRow): Promise<{ item: DayLog }> {
  const entries = await listEntries(db, log.id);
  const saved = await saveTotals(db, log.id, entries.length, sumEntries(entries));
  return { item: dayLogOf(saved, entries) };
}
