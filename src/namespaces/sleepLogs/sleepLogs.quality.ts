import { percentOf } from './sleepLogs.rounding.ts';
import { QUALITIES, type Quality } from './sleepLogs.table.ts';

/**
 * Sleep quality from the minutes slept against the goal (the ratio slept / goal, compared in
 * integers so no boundary is lost to float rounding):
 *
 *   ratio >= 125 %  too_much
 *   ratio >=  95 %  excellent
 *   ratio >=  85 %  good
 *   ratio >=  70 %  fair
 *   below    70 %   poor
 */
export { QUALITIES, type Quality };

const BANDS: readonly [percent: number, quality: Quality][] = [
  [125, 'too_much'],
  [95, 'excellent'],
  [85, 'good'],
  [70, 'fair'],
];

export function qualityOf(sleptMinutes: number, goalMinutes: number): Quality {
  for (const [percent, quality] of BANDS) if (sleptMinutes * 100 >= goalMinutes * percent) return quality;
  return 'poor';
}

/** slept / goal x 100, one decimal (half up, in integers), not capped at 100. */
export function completionPercentage(sleptMinutes: number, goalMinutes: number): number {
  return percentOf(sleptMinutes, goalMinutes);
}

/** A night meets its goal when the minutes slept reach the goal. */
export function goalAchieved(sleptMinutes: number, goalMinutes: number): boolean {
  return sleptMinutes >= goalMinutes;
}
