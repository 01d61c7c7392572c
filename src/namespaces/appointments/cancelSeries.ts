import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { date, id, reqStr } from '../../values/fields.ts';
import { notFound } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { moveAppointment } from './appointments.moves.ts';
import { clockOf } from './appointments.references.ts';
import { seriesRows } from './appointments.repo.ts';
import { seriesResult } from './appointments.results.ts';

/** Stages of a visit that has not begun: what cancelling a series cancels. */
const NOT_BEGUN = ['pending', 'scheduled', 'confirmed'];

/**
 * Cancels the appointments of a series that have not begun (pending, scheduled, confirmed) dated
 * on or after `fromDate` (default: today on the organization's clock), each as appointments.cancel
 * does (reason, history). The others (past, checked in, completed, already cancelled) are left as
 * they are. NOT_FOUND for a series the organization does not have.
 */
export const cancelSeries = defineOperation({
  namespace: 'appointments',
  name: 'cancelSeries', audience: member(),
  summary: 'Cancel the appointments of a series that have not begun, from a date on',
  writes: true,
  input: z.object({ seriesId: id(), organizationId: id(), reason: reqStr(), fromDate: date().nullish() }),
  output: seriesResult,
  async handler(ctx, input) {
    const { organizationId, seriesId, reason } = input;
    const rows = await seriesRows(ctx.db, organizationId, seriesId);
    if (rows.length === 0) throw notFound('appointment series');
    const fromDate = input.fromDate ?? (await clockOf(ctx, organizationId)).today;
    const items = [];
    for (const row of rows) {
      if (!NOT_BEGUN.includes(row.stage) || row.scheduledDate < fromDate) continue;
      const other = { cancelledReason: reason, cancelledAt: ctx.now() };
      items.push(await moveAppointment(ctx, { organizationId, id: row.id, operation: 'cancel', to: 'cancelled', reason, other }));
    }
    return { seriesId, items };
  },
});
