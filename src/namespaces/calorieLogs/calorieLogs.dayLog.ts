import type { Db } from '../../db/database.ts';
import type { Context } from '../../operations/operation.ts';
import { userTimeZone } from '../pushDevices/pushDevices.public.ts';
import { dateIn } from '../../time/zone.ts';
import { logOn } from '../../db/daily-logs.ts';
import { currentGoal, listEntries, milliOf, saveTotals, type EntryRow, type LogRow } from './calorieLogs.repo.ts';
import { displayTotals, percentOfGoal, remaining, sumEntries, withinGoal, type Totals } from './calorieLogs.nutrition.ts';

export interface FoodEntry {
  /** Position in the day's list, from 0: what removeFood takes. */
  index: number;
  name: string;
  calories: number;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
  fiber: number | null;
  quantity: string | null;
  addedAt: number;
}

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

/** The person's "today" (in their time zone). */
export async function todayOf(ctx: Context, idpUserId: string): Promise<string> {
  return dateIn(await userTimeZone(ctx.db, ctx, idpUserId), ctx.now());
}

function entryOf(row: EntryRow, index: number): FoodEntry {
  return {
    index,
    name: row.name,
    calories: Number(row.calories),
    protein: row.protein === null ? null : Number(row.protein),
    carbs: row.carbs === null ? null : Number(row.carbs),
    fat: row.fat === null ? null : Number(row.fat),
    fiber: row.fiber === null ? null : Number(row.fiber),
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
