import { zonedInstant } from '../../../time/zone.ts';

/**
 * Date search values (https://hl7.org/fhir/R4/search.html#date): a prefix and a date at the
 * precision given, which stands for every moment of that year, month, day (or second), and the
 * range of a column's values it covers.
 */

export type DatePrefix = 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le' | 'sa' | 'eb';

/** A date value: the first and last day it stands for, or (an instant) the first and last millisecond. */
export type DateValue = { prefix: DatePrefix } & ({ first: string; last: string } | { from: number; to: number });

/**
 * How a column holds its dates: `date` a text YYYY-MM-DD; `localMinute` minutes since 1970-01-01
 * 00:00 on the organization's wall clock (appointments); `instant` unix milliseconds, whose days
 * are the organization's (its time zone).
 */
export type DateSpace = 'date' | 'localMinute' | 'instant';

const DATE = /^(eq|ne|gt|lt|ge|le|sa|eb)?(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
const INSTANT = /^(eq|ne|gt|lt|ge|le|sa|eb)?(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function calendarValue(text: string): DateValue | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [, prefix = 'eq', year, month, day] = match;
  const y = Number(year);
  const at = (first: string, last: string): DateValue => ({ prefix: prefix as DatePrefix, first, last });
  if (month === undefined) return at(`${year}-01-01`, `${year}-12-31`);
  const m = Number(month);
  if (m < 1 || m > 12) return undefined;
  if (day === undefined) return at(`${year}-${month}-01`, `${year}-${month}-${pad(daysIn(y, m))}`);
  if (Number(day) < 1 || Number(day) > daysIn(y, m)) return undefined;
  return at(`${year}-${month}-${day}`, `${year}-${month}-${day}`);
}

function instantValue(text: string): DateValue | undefined {
  const match = INSTANT.exec(text);
  if (!match) return undefined;
  const [, prefix = 'eq', day, hour, minute, second, fraction, zone] = match;
  if (!calendarValue(day!) || Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return undefined;
  const from = Date.parse(`${day}T${hour}:${minute}:${second ?? '00'}${fraction ?? ''}${zone === 'Z' ? 'Z' : zone}`);
  if (Number.isNaN(from)) return undefined;
  // An instant stands for the whole of its last unit given: a minute, a second or a millisecond.
  const span = fraction !== undefined ? 1 : second !== undefined ? 1000 : 60_000;
  return { prefix: prefix as DatePrefix, from, to: from + span - 1 };
}

/** The value read from `text`, or undefined when it is no date (instants only where `instants`). */
export function parseDateValue(text: string, instants: boolean): DateValue | undefined {
  return calendarValue(text) ?? (instants ? instantValue(text) : undefined);
}

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
const nextDay = (date: string) => new Date((dayNumber(date) + 1) * 86_400_000).toISOString().slice(0, 10);

/** The lowest and highest value of a column in `space` that `value` covers. */
export function dateRange(value: DateValue, space: DateSpace, timeZone: string): readonly [number | string, number | string] {
  if ('from' in value) return [value.from, value.to];
  switch (space) {
    case 'date':
      return [value.first, value.last];
    case 'localMinute':
      return [dayNumber(value.first) * 1440, (dayNumber(value.last) + 1) * 1440 - 1];
    case 'instant':
      return [zonedInstant(value.first, 0, timeZone), zonedInstant(nextDay(value.last), 0, timeZone) - 1];
  }
}
