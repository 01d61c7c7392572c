import type { Operation } from '../../operations/operation.ts';
import { addFood } from './addFood.ts';
import { addFoodsFromAI } from './addFoodsFromAI.ts';
import { clearTodayLog } from './clearTodayLog.ts';
import { getCalorieHistory } from './getCalorieHistory.ts';
import { getCalorieSummary } from './getCalorieSummary.ts';
import { getTodayLog } from './getTodayLog.ts';
import { getWeeklyCalorieStats } from './getWeeklyCalorieStats.ts';
import { removeFood } from './removeFood.ts';
import { updateDailyGoal } from './updateDailyGoal.ts';

export const operations: Operation[] = [
  addFood,
  addFoodsFromAI,
  clearTodayLog,
  getCalorieHistory,
  getCalorieSummary,
  getTodayLog,
  getWeeklyCalorieStats,
  removeFood,
  updateDailyGoal,
];
