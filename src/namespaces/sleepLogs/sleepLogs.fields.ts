import { z } from 'zod';
import { parseClock } from './sleepLogs.clock.ts';

/** Goal used until the person sets up sleep preferences (minutes). */
export const DEFAULT_GOAL_MINUTES = 480;
export const MIN_GOAL_MINUTES = 240;
export const MAX_GOAL_MINUTES = 900;
/** A night's sleep is at most a whole day. */
export const MAX_HOURS_SLEPT = 24;

/** `t`, also given as 12-hour text with AM / PM; the output is always 24-hour `HH:mm`. */
export const clockTime = () =>
  z
    .string()
    .max(20)
    .describe('HH:mm (24-hour), or 12-hour text with AM / PM such as "10:30 PM" or "7 am"; answered as HH:mm')
    .transform((value, ctx) => {
      const hhmm = parseClock(value);
      if (hhmm === null) {
        ctx.addIssue({ code: 'custom', message: 'must be a time HH:mm (00:00 to 23:59) or 12-hour text such as "10:30 PM" or "7 am"' });
        return z.NEVER;
      }
      return hhmm;
    });

export const goalMinutes = () => z.int().min(MIN_GOAL_MINUTES).max(MAX_GOAL_MINUTES);

export const historyLimit = () => z.int().min(1).max(365).default(30);
