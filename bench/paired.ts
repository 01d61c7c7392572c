import { median } from './processes.ts';

/** Blocks of work measured in turn with and without a change (bench/key-cost.ts). */
export interface TwoSides {
  /** median CPU per item of each side's blocks */
  baseline: number;
  changed: number;
  /** the means of each side's blocks without their highest and lowest tenth, subtracted */
  trimmedDifference: number;
}

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The mean without the highest and lowest tenth: a block that caught a checkpoint or a collection moves it little. */
export function trimmedMean(xs: readonly number[]): number {
  const s = sorted(xs);
  const tenth = Math.floor(s.length / 10);
  return mean(s.slice(tenth, s.length - tenth));
}

export function twoSides(baseline: readonly number[], changed: readonly number[]): TwoSides {
  if (baseline.length === 0 || changed.length === 0) throw new Error('two sides: blocks on each side');
  return { baseline: median(baseline), changed: median(changed), trimmedDifference: trimmedMean(changed) - trimmedMean(baseline) };
}

/** Which side each block is: P K K P repeated, so that neither side always follows the other. */
export const sideOfBlock = (block: number): 'baseline' | 'changed' => (block % 4 === 0 || block % 4 === 3 ? 'baseline' : 'changed');

/**
 * Each booking's doctor (an index into `doctors` of the seed) drawn at random and the next slot of
 * that doctor: a block never books the same doctors as the block at its place in the pattern
 * before (booking them in order did: 200 doctors, 50 per block and a pattern of four blocks put
 * the same 50 doctors at each place, 160 us apart), and no slot is booked twice.
 */
export class RandomSlots {
  readonly #next: number[];
  readonly #random: () => number;

  constructor(doctors: number, random: () => number = Math.random) {
    this.#next = new Array<number>(doctors).fill(0);
    this.#random = random;
  }

  take(): { doctor: number; slot: number } {
    const doctor = Math.floor(this.#random() * this.#next.length);
    const slot = this.#next[doctor]!;
    this.#next[doctor] = slot + 1;
    return { doctor, slot };
  }
}
