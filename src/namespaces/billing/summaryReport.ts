import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { id } from '../../values/fields.ts';
import { checkDateRange } from '../../values/list-filters.ts';
import { out } from '../../values/results.ts';
import { DOCUMENT_KINDS } from './billing.read.ts';
import { reportDays } from './billing.reports.ts';
import { summaryFigures } from './billing.summary-report.ts';

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

/** Per day or month of issue and per kind: the count and sums of live documents (SQL GROUP BY), cancelled ones counted apart. */
export const summaryReport = defineOperation({
  namespace: 'billing',
  name: 'summaryReport',
  audience: member(),
  summary: 'Documents issued per day or month and per kind: counts, taxable value, CGST, SGST, IGST, totals; invoiced − credited = net sales; received',
  input: z.object({ organizationId: id(), ...reportDays(), groupBy: z.enum(['day', 'month']).default('month') }).superRefine(checkDateRange),
  output: z.object({ dateFrom: out.date(), dateTo: out.date(), groupBy: z.enum(['day', 'month']), periods: z.array(z.object({ period: out.text(), ...figures })), totals: z.object(figures) }),
  async handler(ctx, input) {
    return summaryFigures(ctx.db, input, input.groupBy);
  },
});
