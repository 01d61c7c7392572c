import type { Interval } from './local-minutes.ts';

/** Candidate slots on a grid, less the time that is taken. */

/** Where each slot starts, with its length: the first length given for a start wins. */
export function byStart(slots: Iterable<Interval>): Interval[] {
  const lengths = new Map<number, number>();
  for (const { start, end } of slots) if (!lengths.has(start)) lengths.set(start, end - start);
  return [...lengths].sort((a, b) => a[0] - b[0]).map(([start, length]) => ({ start, end: start + length }));
}

/**
 * The slots (sorted by start) that start at `notBefore` or later and overlap none of `taken`
 * (sorted by start, not overlapping one another): one pass over both lists.
 */
export function freeOf(slots: readonly Interval[], taken: readonly Interval[], notBefore: number): Interval[] {
  const free: Interval[] = [];
  let t = 0;
  for (const slot of slots) {
    if (slot.start < notBefore) continue;
    while (t < taken.length && taken[t]!.end <= slot.start) t++;
    if (t < taken.length && taken[t]!.start < slot.end) continue;
    free.push(slot);
  }
  return free;
}

/**
 * The starts (ascending) whose [start, start + length) lies wholly within one of `open` (sorted,
 * apart): one pass over both lists.
 */
export function fitting(starts: readonly number[], length: number, open: readonly Interval[]): number[] {
  const fit: number[] = [];
  let o = 0;
  for (const start of starts) {
    while (o < open.length && open[o]!.end < start + length) o++;
    if (o === open.length) break;
    if (open[o]!.start <= start) fit.push(start);
  }
  return fit;
}
