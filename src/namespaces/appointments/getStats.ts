import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { fromMinor } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { countOnDate, countUpcoming, figuresByStatus } from './appointments.repo.ts';
import { clockOf } from './appointments.references.ts';
import { out } from '../../values/results.ts';
import { statusCounts } from './appointments.results.ts';
import type { Status } from './appointments.status.ts';

/**
 * The organization's appointment figures: total; byStatus (one key per status stored, the known
 * ones always present); today (dated today, cancelled left out); upcoming (holding their time, not
 * completed, starting now or later); revenue (sum of amountPaid of appointments with
 * paymentStatus `paid`, exact). "Today" and "now" are on the organization's clock.
 */
export const getStats = defineOperation({
  namespace: 'appointments',
  name: 'getStats', audience: member(),
  summary: 'Counts by status, today, upcoming and revenue of the organization\'s appointments',
  input: z.object({ organizationId: id() }),
  output: z.object({
    date: out.date(),
    timeZone: out.text(),
    total: out.int(),
    byStatus: statusCounts,
    today: out.int(),
    upcoming: out.int(),
    paid: out.int(),
    revenue: out.number(),
  }),
  async handler(ctx, input) {
    const clock = await clockOf(ctx, input.organizationId);
    const [figures, today, upcoming] = await Promise.all([
      figuresByStatus(ctx.db, input.organizationId),
      countOnDate(ctx.db, input.organizationId, clock.today),
      countUpcoming(ctx.db, input.organizationId, clock.nowMinute, ctx.now()),
    ]);
    const byStatus: Record<string, number> & Record<Status, number> = { pending: 0, scheduled: 0, confirmed: 0, checked_in: 0, in_consultation: 0, completed: 0, cancelled: 0, no_show: 0 };
    let total = 0;
    let revenueMinor = 0;
    let paid = 0;
    for (const f of figures) {
      byStatus[f.status] = (byStatus[f.status] ?? 0) + f.n;
      total += f.n;
      if (f.paid) {
        revenueMinor += f.amountMinor;
        paid += f.n;
      }
    }
    return { date: clock.today, timeZone: clock.timeZone, total, byStatus, today, upcoming, paid, revenue: fromMinor(revenueMinor) };
  },
});
