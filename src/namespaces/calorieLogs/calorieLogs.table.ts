/** calorieLogs: a person's daily calorie goal, kept for the following days. */
export interface CalorieGoalsTable {
  idpUserId: string;
  dailyGoal: number;
  createdAt: number;
  updatedAt: number;
}

/** calorieLogs: one log per person per day; totals in integer thousandths of the unit (kcal, g). */
export interface CalorieLogsTable {
  id: string;
  idpUserId: string;
  date: string;
  dailyGoal: number;
  entryCount: number;
  nextSeq: number;
  caloriesMilli: number;
  proteinMilli: number;
  carbsMilli: number;
  fatMilli: number;
  fiberMilli: number;
  createdAt: number;
  updatedAt: number;
}

export interface CalorieLogEntriesTable {
  id: string;
  logId: string;
  seq: number;
  name: string;
  calories: number;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
  fiber: number | null;
  quantity: string | null;
  createdAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    calorieGoals: CalorieGoalsTable;
    calorieLogs: CalorieLogsTable;
    calorieLogEntries: CalorieLogEntriesTable;
  }
}
