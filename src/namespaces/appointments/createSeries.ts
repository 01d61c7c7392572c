import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError, type ErrorDetail } from '../../values/errors.ts';
import { newId } from '../../values/ids.ts';
import { defineOperation } from '../../operations/operation.ts';
import { book } from './appointments.booking.ts';
import type { AppointmentRecord } from './appointments.repo.ts';
import { occurrenceDates, repeatFields } from './appointments.series.ts';
import { bookingOf, createFields } from './create.ts';
import { seriesResult } from './appointments.results.ts';

/** Why one occurrence cannot be booked: its refusal, named by its place in the series. */
function refusal(index: number, date: string, err: AppError): ErrorDetail[] {
  const named = err.details?.length ? err.details : [{ path: 'scheduledDate', message: err.message }];
  return named.map((d) => ({ ...d, path: `occurrences.${String(index)}.${d.path}`, message: `${date}: ${d.message}` }));
}

/**
 * Books a series (weekly or daily, every `interval`, `count` appointments) all or nothing: every
 * occurrence is checked like appointments.create (doctor, patient and reserved-time clashes, the
 * doctor's schedule); if any is refused, nothing is booked and the error names every refused
 * occurrence (`occurrences.<n>.<field>`, with the clashing appointment's `recordId`).
 */
export const createSeries = defineOperation({
  namespace: 'appointments',
  name: 'createSeries', audience: member(),
  summary: 'Book a recurring series of appointments, all or nothing (CONFLICT names each refused occurrence)',
  writes: true,
  input: z.object({ ...createFields(), repeat: repeatFields() }),
  output: seriesResult,
  async handler(ctx, { repeat, ...input }) {
    const dates = occurrenceDates(input.scheduledDate, repeat);
    const seriesId = newId();
    const items: AppointmentRecord[] = [];
    const refused: { code: string; details: ErrorDetail[] }[] = [];
    for (const [index, scheduledDate] of dates.entries()) {
      const booking = bookingOf({ ...input, scheduledDate });
      try {
        items.push(await book(ctx, { ...booking, details: { ...booking.details, seriesId } }));
      } catch (err) {
        if (!(err instanceof AppError) || (err.code !== 'CONFLICT' && err.code !== 'INVALID_STATE')) throw err;
        refused.push({ code: err.code, details: refusal(index, scheduledDate, err) });
      }
    }
    if (refused.length > 0) {
      const code = refused.every((r) => r.code === 'INVALID_STATE') ? 'INVALID_STATE' : 'CONFLICT';
      throw new AppError(code, `${String(refused.length)} of ${String(dates.length)} appointments of the series cannot be booked; none was booked`, {
        details: refused.flatMap((r) => r.details),
      });
    }
    return { seriesId, items };
  },
});
