import { sql } from 'kysely';
import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { id } from '../../values/fields.ts';
import { checkDateRange } from '../../values/list-filters.ts';
import { fromMinor } from '../../values/money.ts';
import { out } from '../../values/results.ts';
import { DOCUMENT_KINDS } from './billing.read.ts';
import { reportDays, whole } from './billing.reports.ts';

const kindFigures = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  count: out.int(),
  taxable: out.number(),
  cgst: out.number(),
  sgst: out.number(),
  igst: out.number(),
  total: out.number().describe('the grand totals'),
});
const figures = {
  kinds: z.array(kindFigures).describe('live documents, by kind'),
  cancelled: z.array(z.object({ kind: z.enum(DOCUMENT_KINDS), count: out.int() })).describe('cancelled documents, by kind (counted apart, in no sum)'),
  invoiced: out.number().describe('grand totals of live tax invoices and bills of supply'),
  credited: out.number().describe('grand totals of live credit notes'),
  netSales: out.number().describe('invoiced − credited'),
  received: out.number().describe('grand totals of live receipts'),
};

type Kind = (typeof DOCUMENT_KINDS)[number];
interface Sums {
  count: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}
interface Period {
  live: Map<Kind, Sums>;
  cancelled: Map<Kind, number>;
}

const zero = (): Sums => ({ count: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
const kindOf = (kind: string): Kind => DOCUMENT_KINDS.find((k) => k === kind) ?? 'TAX_INVOICE';

/** The period's figures as answered: kinds in a fixed order, money with two decimals. */
function answerOf({ live, cancelled }: Period) {
  const sumOf = (...kinds: Kind[]) => kinds.reduce((sum, kind) => sum + (live.get(kind)?.total ?? 0), 0);
  const invoiced = sumOf('TAX_INVOICE', 'BILL_OF_SUPPLY');
  const credited = sumOf('CREDIT_NOTE');
  return {
    kinds: DOCUMENT_KINDS.filter((kind) => live.has(kind)).map((kind) => {
      const s = live.get(kind)!;
      return { kind, count: s.count, taxable: fromMinor(s.taxable), cgst: fromMinor(s.cgst), sgst: fromMinor(s.sgst), igst: fromMinor(s.igst), total: fromMinor(s.total) };
    }),
    cancelled: DOCUMENT_KINDS.filter((kind) => cancelled.has(kind)).map((kind) => ({ kind, count: cancelled.get(kind)! })),
    invoiced: fromMinor(invoiced),
    credited: fromMinor(credited),
    netSales: fromMinor(invoiced - credited),
    received: fromMinor(sumOf('RECEIPT')),
  };
}

/** Per day or month of issue and per kind: the count and sums of live documents (SQL GROUP BY), cancelled ones counted apart. */
export const summaryReport = defineOperation({
  namespace: 'billing',
  name: 'summaryReport',
  audience: member(),
  summary: 'Documents issued per day or month and per kind: counts, taxable value, CGST, SGST, IGST, totals; invoiced − credited = net sales; received',
  input: z.object({ organizationId: id(), ...reportDays(), groupBy: z.enum(['day', 'month']).default('month') }).superRefine(checkDateRange),
  output: z.object({ dateFrom: out.date(), dateTo: out.date(), groupBy: z.enum(['day', 'month']), periods: z.array(z.object({ period: out.text(), ...figures })), totals: z.object(figures) }),
  async handler(ctx, input) {
    // Literal SQL, no parameter: PostgreSQL matches the selected expression to the GROUP BY by its text.
    const period = input.groupBy === 'day' ? sql<string>`${sql.ref('d.issueDate')}` : sql<string>`substr(${sql.ref('d.issueDate')}, 1, 7)`;
    const cancelled = sql<number>`case when ${sql.ref('c.documentId')} is null then 0 else 1 end`;
    const rows = await ctx.db
      .selectFrom('billingDocuments as d')
      .leftJoin('billingCancellations as c', 'c.documentId', 'd.id')
      .where('d.organizationId', '=', input.organizationId)
      .where('d.issueDate', '>=', input.dateFrom)
      .where('d.issueDate', '<=', input.dateTo)
      .select((eb) => [
        period.as('period'),
        'd.kind',
        cancelled.as('cancelled'),
        eb.fn.countAll().as('count'),
        eb.fn.sum('d.taxable').as('taxable'),
        eb.fn.sum('d.cgst').as('cgst'),
        eb.fn.sum('d.sgst').as('sgst'),
        eb.fn.sum('d.igst').as('igst'),
        eb.fn.sum('d.grandTotal').as('total'),
      ])
      .groupBy([period, 'd.kind', cancelled])
      .orderBy(period)
      .execute();
    const periods = new Map<string, Period>();
    const all: Period = { live: new Map(), cancelled: new Map() };
    for (const row of rows) {
      const kind = kindOf(row.kind);
      let p = periods.get(row.period);
      if (!p) periods.set(row.period, (p = { live: new Map(), cancelled: new Map() }));
      for (const into of [p, all]) {
        if (Number(row.cancelled) === 1) {
          into.cancelled.set(kind, (into.cancelled.get(kind) ?? 0) + whole(row.count));
          continue;
        }
        const sums = into.live.get(kind) ?? zero();
        for (const key of ['count', 'taxable', 'cgst', 'sgst', 'igst', 'total'] as const) sums[key] += whole(row[key]);
        into.live.set(kind, sums);
      }
    }
    return {
      dateFrom: input.dateFrom,
      dateTo: input.dateTo,
      groupBy: input.groupBy,
      periods: [...periods].map(([key, p]) => ({ period: key, ...answerOf(p) })),
      totals: answerOf(all),
    };
  },
});
