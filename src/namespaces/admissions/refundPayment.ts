import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError, validationFailed } from '../../values/errors.ts';
import { id, reqStr } from '../../values/fields.ts';
import { fromMinor } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { paymentWritten } from './admissions.results.ts';
import { admissions } from './admissions.resource.ts';
import { amountDue, netPaid, paymentsOf, writePayment } from './admissions.payments.ts';
import { stageOfAdmission } from './admissions.repo.ts';
import { paymentMethod, positiveMoney } from './recordPayment.ts';

/**
 * Pays money back to the patient: stored as a negative payment with its reason (required). No more
 * than what was paid (net of earlier refunds) can be refunded, nor more than a named payment
 * (`refundOf`) less the refunds of it, nor so much that a discharged admission owes money again
 * (the discharge found its bill settled). Logged REFUND_RECORDED.
 */
export const refundPayment = defineOperation({
  namespace: 'admissions',
  name: 'refundPayment', audience: member(),
  summary: 'Refund money paid against an admission (a negative payment with a reason)',
  writes: true,
  input: z.object({
    admissionId: id(),
    organizationId: id(),
    amount: positiveMoney(),
    method: paymentMethod(),
    reason: reqStr().max(1000),
    refundOf: id().nullish(),
    reference: z.string().trim().max(256).nullish(),
  }),
  output: paymentWritten,
  async handler(ctx, input) {
    const admission = await admissions.repo.lock(ctx.db, ctx.dialect, input.organizationId, input.admissionId);
    const payments = await paymentsOf(ctx.db, input.organizationId, admission.id);
    const paid = netPaid(payments);
    if (input.amount > paid) throw new AppError('INVALID_STATE', `only ${fromMinor(paid).toFixed(2)} was paid (net of refunds): that is the most that can be refunded`);
    if (input.refundOf) {
      const original = payments.find((p) => p.id === input.refundOf && Number(p.amount) > 0);
      if (!original) throw validationFailed('refundOf', 'is not a payment of this admission');
      const left = Number(original.amount) + netPaid(payments.filter((p) => p.refundOf === original.id));
      if (input.amount > left) throw new AppError('INVALID_STATE', `only ${fromMinor(left).toFixed(2)} of that payment is left to refund`);
    }
    if ((await stageOfAdmission(ctx.db, input.organizationId, admission.id)) === 'DISCHARGED') {
      const due = (await amountDue(ctx.db, admission)) + input.amount;
      if (due > 0) throw new AppError('INVALID_STATE', `the admission is discharged: this refund would leave ${fromMinor(due).toFixed(2)} due`);
    }
    const refund = { amount: -input.amount, method: input.method, reference: input.reference ?? null, reason: input.reason, refundOf: input.refundOf ?? null };
    return writePayment(ctx, admission, refund);
  },
});
