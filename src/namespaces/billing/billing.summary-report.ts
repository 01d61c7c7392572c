import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fromMinor } from '../../values/money.ts';
import { DOCUMENT_KINDS } from './billing.read.ts';
import { whole } from './billing.reports.ts';
import type { Range } from './billing.tax-report.ts';

/** The figures of billing.summaryReport (docs/billing.md "Reports"), answered as JSON or as CSV (billing.reportCsv). */

export type SummaryGrouping = 'day' | 'month';
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
export async function summaryFigures(db: Db, range: Range, groupBy: SummaryGrouping) {
  // Literal SQL, no parameter: PostgreSQL matches the selected expression to the GROUP BY by its text.
  const period = groupBy === 'day' ? sql<string>`${sql.ref('d.issueDate')}` : sql<string>`substr(${sql.ref('d.issueDate')}, 1, 7)`;
  const cancelled = sql<number>`case when ${sql.ref('c.documentId')} is null then 0 else 1 end`;
  const rows = await db
    .selectFrom('billingDocuments as d')
    .leftJoin('billingCancellations as c', 'c.documentId', 'd.id')
    .where('d.organizationId', '=', range.organizationId)
    .where('d.issueDate', '>=', range.dateFrom)
    .where('d.issueDate', '<=', range.dateTo)
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
    dateFrom: range.dateFrom,
    dateTo: range.dateTo,
    groupBy,
    periods: [...periods].map(([key, p]) => ({ period: key, ...answerOf(p) })),
    totals: answerOf(all),
  };
}

export type SummaryReport = Awaited<ReturnType<typeof summaryFigures>>;
