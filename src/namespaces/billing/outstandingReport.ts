import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { id, paging } from '../../values/fields.ts';
import { offsetOf, pageOf } from '../../values/paging.ts';
import { out, pageResult } from '../../values/results.ts';
import { countOutstanding, outstandingBalances } from './billing.outstanding-report.ts';

const patientBalance = z.object({
  patientId: out.id(),
  patientName: out.text().nullable(),
  invoices: out.int().describe('live invoices (tax invoices and bills of supply)'),
  invoiced: out.number().describe('their grand totals'),
  paid: out.number().describe('paid before they were issued, and by live receipts against them, less the refunds their credit notes record'),
  credited: out.number().describe('live credit notes against them'),
  balance: out.number().describe('invoiced − paid − credited'),
});

/** Per patient with live invoices: invoiced, paid, credited and the balance; only balances other than 0, largest first. */
export const outstandingReport = defineOperation({
  namespace: 'billing',
  name: 'outstandingReport',
  audience: member(),
  summary: 'What each patient owes on live invoices (invoiced, paid, credited, balance), balances other than 0, largest first',
  readsPatientData: true,
  reads: { records: (result: { items: readonly { patientId: string }[] }) => result.items.map((item) => ({ id: item.patientId, organizationId: null, patientId: item.patientId })) },
  input: z.object({ organizationId: id(), ...paging }),
  output: pageResult(patientBalance),
  async handler(ctx, input) {
    const { organizationId, page, pageSize } = input;
    const [items, total] = await Promise.all([
      outstandingBalances(ctx.db, organizationId, { limit: pageSize, offset: offsetOf(page, pageSize) }),
      countOutstanding(ctx.db, organizationId),
    ]);
    return pageOf(items, total, page, pageSize);
  },
});
