import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { id } from '../../values/fields.ts';
import { checkDateRange } from '../../values/list-filters.ts';
import { out } from '../../values/results.ts';
import { reportDays } from './billing.reports.ts';
import { taxFigures } from './billing.tax-report.ts';

const taxes = { taxable: out.number(), cgst: out.number(), sgst: out.number(), igst: out.number() };
const bySupply = z.object({ intraState: out.number(), interState: out.number() });

/** The figures a GST return (GSTR-1, GSTR-3B) is filled from, for the documents issued in a range of days. */
export const taxReport = defineOperation({
  namespace: 'billing',
  name: 'taxReport',
  audience: member(),
  summary: 'GST by rate (within and across states), exempt and nil-rated values, and the HSN/SAC summary of live invoices less live credit notes',
  input: z.object({ organizationId: id(), ...reportDays() }).superRefine(checkDateRange),
  output: z.object({
    dateFrom: out.date(),
    dateTo: out.date(),
    rates: z.array(z.object({ taxRate: out.number().describe('percent'), supply: z.enum(['INTRA_STATE', 'INTER_STATE']), ...taxes })).describe('taxed lines by GST rate, net of credit notes'),
    totals: z.object({ ...taxes, tax: out.number() }).describe('the sums of `rates`'),
    exempt: bySupply.describe('taxable value of exempt lines, net of credit notes'),
    nilRated: bySupply.describe('taxable value of lines at GST rate 0 that are not exempt, net of credit notes'),
    nonGst: out.number().describe('value of documents issued while the organization was not registered for GST (tax regime none)'),
    creditNotes: z.object(taxes).describe('what live credit notes took off the figures above (all their GST lines)'),
    hsn: z
      .array(z.object({ code: out.text().nullable(), description: out.text().nullable(), quantity: out.number(), ...taxes, tax: out.number() }))
      .describe('by HSN/SAC code, net of credit notes; null: lines without a code'),
  }),
  async handler(ctx, input) {
    return taxFigures(ctx.db, input);
  },
});
