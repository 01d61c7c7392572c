/**
 * Nutrient arithmetic without float drift. Every value is turned into integer thousandths of its
 * unit (kcal or g) once, sums and comparisons are done on those integers, and a figure is rounded
 * for display to one decimal (half up) only at the end. See docs/wellness.md.
 */

export const NUTRIENTS = ['calories', 'protein', 'carbs', 'fat', 'fiber'] as const;
export type Nutrient = (typeof NUTRIENTS)[number];

/** Integer thousandths of each nutrient. */
export type MilliTotals = Record<Nutrient, number>;
/** Display figures, one decimal. */
export type Totals = Record<Nutrient, number>;

export const zeroMilli = (): MilliTotals => ({ calories: 0, protein: 0, carbs: 0, fat: 0, fiber: 0 });

/** A number (kcal or g) in integer thousandths; null (not given) counts as 0. */
export function toMilli(value: number | null | undefined): number {
  return value === null || value === undefined ? 0 : Math.round(value * 1000);
}

/** num / den rounded half up, exactly, for non-negative integers (no float tie lost: 19_999 / 20 -> 1000). */
export function roundDiv(num: number, den: number): number {
  const q = Math.floor(num / den);
  const r = num - q * den;
  return 2 * r >= den ? q + 1 : q;
}

/** Thousandths rounded to one decimal, half away from zero: 12_350 -> 12.4, -12_350 -> -12.4. */
export function milliToDisplay(milli: number): number {
  const tenths = Math.floor((Math.abs(milli) + 50) / 100);
  return (Math.sign(milli) * tenths) / 10 || 0;
}

export function addMilli(a: MilliTotals, b: MilliTotals): MilliTotals {
  return { calories: a.calories + b.calories, protein: a.protein + b.protein, carbs: a.carbs + b.carbs, fat: a.fat + b.fat, fiber: a.fiber + b.fiber };
}

export function entryMilli(entry: Partial<Record<Nutrient, number | null>>): MilliTotals {
  return {
    calories: toMilli(entry.calories),
    protein: toMilli(entry.protein),
    carbs: toMilli(entry.carbs),
    fat: toMilli(entry.fat),
    fiber: toMilli(entry.fiber),
  };
}

export function sumEntries(entries: Partial<Record<Nutrient, number | null>>[]): MilliTotals {
  return entries.reduce<MilliTotals>((sum, e) => addMilli(sum, entryMilli(e)), zeroMilli());
}

export function displayTotals(milli: MilliTotals): Totals {
  return {
    calories: milliToDisplay(milli.calories),
    protein: milliToDisplay(milli.protein),
    carbs: milliToDisplay(milli.carbs),
    fat: milliToDisplay(milli.fat),
    fiber: milliToDisplay(milli.fiber),
  };
}

/** Per-day average of a (non-negative) sum over `days` days, one decimal, rounded once; 0 when there are no days. */
export function averageTotals(milli: MilliTotals, days: number): Totals {
  const avg = (v: number) => (days === 0 ? 0 : roundDiv(v, days * 100) / 10);
  return { calories: avg(milli.calories), protein: avg(milli.protein), carbs: avg(milli.carbs), fat: avg(milli.fat), fiber: avg(milli.fiber) };
}

/** goal - calories, one decimal; negative when the goal is exceeded. */
export function remaining(caloriesMilli: number, goal: number): number {
  return milliToDisplay(toMilli(goal) - caloriesMilli);
}

/** calories / goal x 100, one decimal, not capped at 100. */
export function percentOfGoal(caloriesMilli: number, goal: number): number {
  return roundDiv(caloriesMilli * 1000, toMilli(goal)) / 10;
}

/** A day is within goal when it has at least one entry and its calories do not exceed its goal. */
export function withinGoal(entryCount: number, caloriesMilli: number, goal: number): boolean {
  return entryCount > 0 && caloriesMilli <= toMilli(goal);
}
