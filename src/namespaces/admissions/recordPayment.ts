import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, ts } from '../../values/fields.ts';
import { money } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { paymentWritten } from './admissions.results.ts';
import { admissions } from './admissions.resource.ts';
import { PAYMENT_METHODS, writePayment } from './admissions.payments.ts';

export const paymentMethod = () => z.enum(PAYMENT_METHODS, { error: `must be one of: ${PAYMENT_METHODS.join(', ')}` });
export const positiveMoney = () => money().refine((minor) => minor > 0, 'must be more than zero');
const reference = () => z.string().trim().max(256);

/**
 * Records a payment received against an admission (any status: a bill may be settled after
 * discharge). The admission row is locked, so a payment and a discharge run one after the other.
 * Logged PAYMENT_RECORDED; answers the payment and the balance due after it.
 */
export const recordPayment = defineOperation({
  namespace: 'admissions',
  name: 'recordPayment', audience: member(),
  summary: 'Record a payment against an admission (answers the balance due after it)',
  writes: true,
  input: z.object({ admissionId: id(), organizationId: id(), amount: positiveMoney(), method: paymentMethod(), reference: reference().nullish(), receivedAt: ts().nullish() }),
  output: paymentWritten,
  async handler(ctx, input) {
    const admission = await admissions.repo.lock(ctx.db, ctx.dialect, input.organizationId, input.admissionId);
    return writePayment(ctx, admission, { amount: input.amount, method: input.method, reference: input.reference ?? null, reason: null, refundOf: null, receivedAt: input.receivedAt });
  },
});
