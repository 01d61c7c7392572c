import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { fromMinor } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { paymentRecord } from './admissions.results.ts';
import { admissions } from './admissions.resource.ts';
import { amountDue, netPaid, paymentsOf, toPaymentRecord } from './admissions.payments.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/** The payments and refunds of an admission, oldest first, with the net received and the balance due. */
export const listPayments = defineOperation({
  namespace: 'admissions',
  name: 'listPayments', audience: member(),
  summary: 'Payments and refunds of an admission, with the net received and the balance due',
  readsPatientData: true, reads: itemsReads(byPatientId),
  input: z.object({ admissionId: id(), organizationId: id() }),
  output: z.object({ items: z.array(paymentRecord), paymentsReceived: out.number(), balanceDue: out.number() }),
  async handler(ctx, input) {
    const admission = await admissions.repo.get(ctx.db, input.organizationId, input.admissionId);
    const rows = await paymentsOf(ctx.db, input.organizationId, admission.id);
    return { items: rows.map(toPaymentRecord), paymentsReceived: fromMinor(netPaid(rows)), balanceDue: fromMinor(await amountDue(ctx.db, admission)) };
  },
});
