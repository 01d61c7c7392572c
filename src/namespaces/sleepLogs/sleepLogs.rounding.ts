/**
 * Sleep figures are rounded half up from integer minutes, exactly: minutes with one decimal,
 * hours with two, percentages with one.
 */

/** num / den rounded half up, for non-negative integers. */
export function roundDiv(num: number, den: number): number {
  const q = Math.floor(num / den);
  return 2 * (num - q * den) >= den ? q + 1 : q;
}

/** Mean minutes of `count` logs totalling `sum` minutes, one decimal; 0 without logs. */
export function meanMinutesText(sum: number, count: number): number {
  return count === 0 ? 0 : roundDiv(sum * 10, count) / 10;
}

/** Mean hours of `count` logs totalling `sum` minutes, two decimals: 450 / 1 -> 7.5, 500 / 1 -> 8.33; 0 without logs. */
export function meanHours(sum: number, count: number): number {
  return count === 0 ? 0 : roundDiv(sum * 100, count * 60) / 100;
}

/** part / whole x 100, one decimal; 0 when whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : roundDiv(part * 1000, whole) / 10;
}
