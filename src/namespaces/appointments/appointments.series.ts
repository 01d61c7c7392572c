import { z } from 'zod';
import { addDays } from '../../time/zone.ts';
import { validationFailed } from '../../values/errors.ts';

/** How a series repeats: every `interval` days or weeks, `count` appointments in all. */
export const repeatFields = () =>
  z.object({
    frequency: z.enum(['daily', 'weekly']),
    interval: z.int().min(1).max(12).default(1),
    count: z.int().min(2).max(52),
  });

export type Repeat = z.output<ReturnType<typeof repeatFields>>;

/** A series spans at most a year from its first appointment. */
export const MAX_SPAN_DAYS = 366;

/** The dates of a series starting on `first` (the first included); VALIDATION_FAILED past a year. */
export function occurrenceDates(first: string, repeat: Repeat): string[] {
  const step = repeat.interval * (repeat.frequency === 'weekly' ? 7 : 1);
  if (step * (repeat.count - 1) > MAX_SPAN_DAYS) {
    throw validationFailed('repeat.count', `a series spans at most ${String(MAX_SPAN_DAYS)} days from its first appointment`);
  }
  return Array.from({ length: repeat.count }, (_, i) => addDays(first, i * step));
}
