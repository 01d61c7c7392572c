import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { dateIn } from '../../time/zone.ts';
import { date, filter, id } from '../../values/fields.ts';
import { checkDateRange, daysOf } from '../../values/list-filters.ts';
import { AppError } from '../../values/errors.ts';
import { findOrganizationById } from '../organizations/organizations.public.ts';
import { CSV_CONTENT_TYPE, outstandingFile, ReportFile, summaryCsv, taxCsv } from './billing.report-csv.ts';
import { summaryFigures } from './billing.summary-report.ts';
import { taxFigures } from './billing.tax-report.ts';

const REPORTS = ['summary', 'tax', 'outstanding'] as const;
const RANGED = 'the summary and tax reports';

/**
 * A range checked as billing.summaryReport checks it; none for the outstanding report; groupBy for
 * the summary only. That the summary and tax reports need a range is the handler's to say: the
 * least input the schema allows (organizationId and report) stays valid, so access is checked first.
 */
function checkReportInput(input: { report: (typeof REPORTS)[number]; dateFrom?: string | undefined; dateTo?: string | undefined; groupBy?: string | undefined }, ctx: z.RefinementCtx): void {
  const given = (['dateFrom', 'dateTo', 'groupBy'] as const).filter((key) => input[key] !== undefined);
  if (input.report === 'outstanding') {
    for (const key of given) ctx.addIssue({ code: 'custom', path: [key], message: 'the outstanding report takes no range nor grouping: it is everything owed now' });
    return;
  }
  if (input.report === 'tax' && input.groupBy !== undefined) ctx.addIssue({ code: 'custom', path: ['groupBy'], message: 'for the summary report only' });
  checkDateRange(input, ctx);
}

/**
 * Extension: billing.summaryReport, billing.taxReport or billing.outstandingReport as one CSV file
 * (docs/billing.md "Reports", "As CSV"), the same figures as flat rows a spreadsheet sums. Served at
 * POST /billing/report.csv (the body is this data); through /api it is BAD_REQUEST.
 */
export const reportCsv = defineOperation({
  namespace: 'billing',
  name: 'reportCsv',
  audience: member(),
  summary: 'A billing report (summary, tax or outstanding) as a CSV file (POST /billing/report.csv)',
  readsPatientData: true,
  reads: { records: (file: ReportFile) => file.records },
  streamed: { path: '/billing/report.csv', contentTypes: [CSV_CONTENT_TYPE], answer: 'the report as CSV, a header line first (Content-Disposition: attachment; filename="summary-<organization>-<dateFrom>-<dateTo>.csv")' },
  input: z
    .object({
      organizationId: id(),
      report: z.enum(REPORTS).describe('summary (billing.summaryReport), tax (billing.taxReport) or outstanding (billing.outstandingReport: every patient with a balance)'),
      dateFrom: filter(date().describe(`first day of issue, included; required for ${RANGED}, none for outstanding`)),
      dateTo: filter(date().describe(`last day of issue, included (at most 366 days); required for ${RANGED}, none for outstanding`)),
      groupBy: filter(z.enum(['day', 'month']).describe('the summary report only: rows per day or per month (the default)')),
    })
    .superRefine(checkReportInput),
  async handler(ctx, input) {
    const { organizationId, report } = input;
    const organization = await findOrganizationById(ctx.db, organizationId);
    const named = organization?.slug ?? organizationId;
    if (report === 'outstanding') {
      const today = dateIn(organization?.timezone ?? ctx.config.timeZone, ctx.now());
      return outstandingFile(ctx.db, organizationId, `outstanding-${named}-${today}.csv`);
    }
    const days = daysOf(input);
    if (!days) {
      const message = `required for ${RANGED}`;
      throw new AppError('VALIDATION_FAILED', `dateFrom and dateTo are ${message}`, { details: [{ path: 'dateFrom', message }, { path: 'dateTo', message }] });
    }
    const range = { organizationId, dateFrom: days.from, dateTo: days.to };
    const fileName = `${report}-${named}-${range.dateFrom}-${range.dateTo}.csv`;
    if (report === 'summary') return new ReportFile(fileName, summaryCsv(await summaryFigures(ctx.db, range, input.groupBy ?? 'month')));
    return new ReportFile(fileName, taxCsv(await taxFigures(ctx.db, range)));
  },
});
