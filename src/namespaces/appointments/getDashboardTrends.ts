import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { date, filter, id } from '../../values/fields.ts';
import { fromMinor } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { addDays } from '../../time/zone.ts';
import { addMonths, monthStart, nextMonthStart, weekStart } from '../../time/calendar.ts';
import { figuresByDay } from './appointments.repo.ts';
import { clockOf } from './appointments.references.ts';
import { out } from '../../values/results.ts';

const PERIODS = { day: 'day', daily: 'day', week: 'week', weekly: 'week', month: 'month', monthly: 'month' } as const;
type Period = (typeof PERIODS)[keyof typeof PERIODS];

interface Bucket {
  startDate: string;
  endDate: string;
}

/**
 * The buckets of the series, oldest first, the last one holding `date`: day = the 7 days ending
 * on date; week = the 8 ISO weeks (Monday..Sunday) ending with date's week; month = the 12
 * calendar months ending with date's month.
 */
export function bucketsOf(period: Period, anchor: string): Bucket[] {
  const buckets: Bucket[] = [];
  if (period === 'day') {
    for (let i = 6; i >= 0; i--) buckets.push({ startDate: addDays(anchor, -i), endDate: addDays(anchor, -i) });
  } else if (period === 'week') {
    const last = weekStart(anchor);
    for (let i = 7; i >= 0; i--) buckets.push({ startDate: addDays(last, -7 * i), endDate: addDays(last, -7 * i + 6) });
  } else {
    let first = monthStart(anchor);
    for (let i = 0; i < 12; i++) {
      buckets.unshift({ startDate: first, endDate: addDays(nextMonthStart(first), -1) });
      first = addMonths(first, -1);
    }
  }
  return buckets;
}

/**
 * Appointment figures per bucket of `period` (day, week or month; default day) up to `date`
 * (default today on the organization's clock), by scheduledDate: total, completed, cancelled,
 * no-show, paid and revenue (amountPaid of paid appointments, exact).
 */
export const getDashboardTrends = defineOperation({
  namespace: 'appointments',
  name: 'getDashboardTrends', audience: member(),
  summary: 'Appointment figures per day, week or month up to a date',
  input: z.object({
    organizationId: id(),
    period: filter(z.enum(Object.keys(PERIODS) as [keyof typeof PERIODS], { error: `must be one of: ${Object.keys(PERIODS).join(', ')}` })),
    date: filter(date()),
  }),
  output: z.object({
    period: z.enum(['day', 'week', 'month']),
    date: out.date(),
    timeZone: out.text(),
    startDate: out.date(),
    endDate: out.date(),
    series: z.array(
      z.object({
        startDate: out.date(),
        endDate: out.date(),
        total: out.int(),
        completed: out.int(),
        cancelled: out.int(),
        noShow: out.int(),
        paid: out.int(),
        revenue: out.number(),
      }),
    ),
  }),
  async handler(ctx, input) {
    const clock = await clockOf(ctx, input.organizationId);
    const period = PERIODS[input.period ?? 'day'];
    const anchor = input.date ?? clock.today;
    const buckets = bucketsOf(period, anchor);
    const figures = await figuresByDay(ctx.db, input.organizationId, buckets[0]!.startDate, buckets.at(-1)!.endDate);
    const series = buckets.map((b) => {
      const inside = figures.filter((f) => f.scheduledDate >= b.startDate && f.scheduledDate <= b.endDate);
      const count = (status: string) => inside.filter((f) => f.status === status).reduce((n, f) => n + f.n, 0);
      const paid = inside.filter((f) => f.paid);
      return {
        ...b,
        total: inside.reduce((n, f) => n + f.n, 0),
        completed: count('completed'),
        cancelled: count('cancelled'),
        noShow: count('no_show'),
        paid: paid.reduce((n, f) => n + f.n, 0),
        revenue: fromMinor(paid.reduce((n, f) => n + f.amountMinor, 0)),
      };
    });
    return { period, date: anchor, timeZone: clock.timeZone, startDate: buckets[0]!.startDate, endDate: buckets.at(-1)!.endDate, series };
  },
});
