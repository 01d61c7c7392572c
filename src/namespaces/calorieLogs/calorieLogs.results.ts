import { z } from 'zod';
import { out, portionFields } from '../../values/results.ts';
import { nutrientGrams, writeTimesOrNull } from '../../values/result-fields.ts';

/** The five nutrient figures (kcal or g), one decimal (calorieLogs.nutrition.ts `Totals`). */
export const totalsResult = out.record({
  calories: out.number(),
  ...nutrientGrams(out.number),
});

/** One food entry of a day (calorieLogs.dayLog.ts `FoodEntry`). */
export const foodEntryResult = out.record({
  index: out.int(),
  ...portionFields(),
  addedAt: out.ts(),
});

/** A day's calorie log (calorieLogs.dayLog.ts `DayLog`); id and times are null before the day's first food. */
export const dayLogResult = out
  .record({
    id: out.id().nullable(),
    idpUserId: out.id(),
    date: out.date(),
    dailyGoal: out.number(),
    entries: z.array(foodEntryResult),
    totals: totalsResult,
    remaining: out.number(),
    percent: out.number(),
    withinGoal: out.bool(),
    ...writeTimesOrNull(),
  })
  .meta({ title: 'CalorieDayLog' });

/** One day of a history or a week (calorieLogs.dayRow.ts `DayRow`); goal and figures null on a day without a log. */
export const dayRowResult = out.record({
  date: out.date(),
  dailyGoal: out.number().nullable(),
  entryCount: out.int(),
  totals: totalsResult,
  remaining: out.number().nullable(),
  percent: out.number().nullable(),
  withinGoal: out.bool(),
});

/** Averages per logged day over a period (the five figures), with its counts (getCalorieSummary). */
export const periodAveragesResult = totalsResult.extend({ daysLogged: out.int(), daysWithinGoal: out.int() });
