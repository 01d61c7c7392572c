import { sql } from 'kysely';
import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { id, paging } from '../../values/fields.ts';
import { fromMinor } from '../../values/money.ts';
import { offsetOf, pageOf } from '../../values/paging.ts';
import { out, pageResult } from '../../values/results.ts';
import { findPatient } from '../patients/patients.public.ts';
import { INVOICE_KINDS, whole } from './billing.reports.ts';

const patientBalance = z.object({
  patientId: out.id(),
  patientName: out.text().nullable(),
  invoices: out.int().describe('live invoices (tax invoices and bills of supply)'),
  invoiced: out.number().describe('their grand totals'),
  paid: out.number().describe('paid before they were issued, and by live receipts against them, less the refunds their credit notes record'),
  credited: out.number().describe('live credit notes against them'),
  balance: out.number().describe('invoiced − paid − credited'),
});

// Literal SQL, no parameter: the same text in the select, HAVING and ORDER BY on both databases.
const balance = sql<number>`sum(${sql.ref('d.grandTotal')}) - sum(${sql.ref('d.paidBefore')}) - coalesce(sum(${sql.ref('ap.received')}), 0) - coalesce(sum(${sql.ref('ap.credited')}), 0)`;

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
    const { organizationId } = input;
    const applied = ctx.db
      .selectFrom('billingDocuments as a')
      .leftJoin('billingCancellations as ac', 'ac.documentId', 'a.id')
      .where('a.organizationId', '=', organizationId)
      .where('a.againstId', 'is not', null)
      .where('ac.documentId', 'is', null)
      .select((eb) => [
        'a.againstId',
        // money received net of refunds: receipts, less the refunds credit notes record
        eb.fn.sum(eb.case().when('a.kind', '=', 'RECEIPT').then(eb.ref('a.grandTotal')).when('a.kind', '=', 'CREDIT_NOTE').then(eb.neg(eb.fn.coalesce('a.refunded', eb.lit(0)))).else(0).end()).as('received'),
        eb.fn.sum(eb.case().when('a.kind', '=', 'CREDIT_NOTE').then(eb.ref('a.grandTotal')).else(0).end()).as('credited'),
      ])
      .groupBy('a.againstId');
    const perPatient = ctx.db
      .selectFrom('billingDocuments as d')
      .leftJoin('billingCancellations as c', 'c.documentId', 'd.id')
      .leftJoin(applied.as('ap'), 'ap.againstId', 'd.id')
      .where('d.organizationId', '=', organizationId)
      .where('d.kind', 'in', INVOICE_KINDS)
      .where('d.patientId', 'is not', null)
      .where('c.documentId', 'is', null)
      .groupBy('d.patientId')
      .having(balance, '<>', 0);
    const [rows, counted] = await Promise.all([
      perPatient
        .select((eb) => ['d.patientId', eb.fn.countAll().as('invoices'), eb.fn.sum('d.grandTotal').as('invoiced'), eb.fn.sum('d.paidBefore').as('paidBefore'), eb.fn.sum('ap.received').as('received'), eb.fn.sum('ap.credited').as('credited'), balance.as('balance')])
        .orderBy(balance, 'desc')
        .orderBy('d.patientId')
        .limit(input.pageSize)
        .offset(offsetOf(input.page, input.pageSize))
        .execute(),
      ctx.db.selectFrom(perPatient.select('d.patientId').as('t')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = await Promise.all(
      rows.map(async (row) => {
        const patientId = row.patientId ?? '';
        const patient = await findPatient(ctx.db, organizationId, patientId);
        const credited = whole(row.credited);
        return {
          patientId,
          patientName: patient?.name ?? null,
          invoices: whole(row.invoices),
          invoiced: fromMinor(whole(row.invoiced)),
          paid: fromMinor(whole(row.paidBefore) + whole(row.received)),
          credited: fromMinor(credited),
          balance: fromMinor(whole(row.balance)),
        };
      }),
    );
    return pageOf(items, whole(counted.n), input.page, input.pageSize);
  },
});
