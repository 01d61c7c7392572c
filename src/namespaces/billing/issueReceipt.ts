import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { validationFailed } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { itemResult } from '../../values/results.ts';
import { issue } from './billing.issue.ts';
import { appointmentReceiptDraft, paymentReceiptDraft } from './billing.receipts.ts';
import { documentRecord } from './billing.results.ts';

/**
 * Issues the receipt of money received: an admission's payment, or an appointment marked paid. One
 * live receipt per payment; against the invoice it pays when it was received after that invoice
 * was issued (docs/billing.md "Receipts").
 */
export const issueReceipt = defineOperation({
  namespace: 'billing',
  name: 'issueReceipt',
  audience: member(),
  summary: "Issue the receipt of an admission's payment or of an appointment marked paid (against the invoice it pays, when received after it)",
  writes: true,
  input: z.object({
    organizationId: id(),
    paymentId: id().nullish().describe('a payment of an admission (admissions.recordPayment); a refund is refused'),
    appointmentId: id().nullish().describe('an appointment marked paid'),
  }),
  output: itemResult(documentRecord),
  async handler(ctx, input) {
    const { organizationId } = input;
    if (!input.paymentId === !input.appointmentId) throw validationFailed('paymentId', 'give either paymentId or appointmentId');
    const draft = input.paymentId ? await paymentReceiptDraft(ctx, organizationId, input.paymentId) : await appointmentReceiptDraft(ctx, organizationId, input.appointmentId!);
    return { item: await issue(ctx, organizationId, draft) };
  },
});
