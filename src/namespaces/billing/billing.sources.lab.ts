import type { Context } from '../../operations/operation.ts';
import { AppError, notFound } from '../../values/errors.ts';
import { toMinor } from '../../values/money.ts';
import { activeChargeFor } from '../admissions/admissions.public.ts';
import { lockLabOrder } from '../labOrders/labOrders.public.ts';
import type { Draft } from './billing.issue.ts';
import type { LineInput } from './billing.lines.ts';
import { buyerOf, type BuyerInput } from './billing.parties.ts';
import { refuseSecond, serviceTaxes } from './billing.sources.ts';

/**
 * A lab order's invoice: its priced tests, once. An order charged to an admission
 * (admissionCharges.applyLabCharge) is billed on the admission's invoice instead: refused here.
 */
export async function labOrderDraft(ctx: Context, organizationId: string, labOrderId: string, buyer: BuyerInput): Promise<Draft> {
  const order = await lockLabOrder(ctx.db, ctx.dialect, organizationId, labOrderId);
  if (!order) throw notFound('lab order');
  await refuseSecond(ctx, organizationId, { type: 'labOrder', id: order.id, what: 'lab order' });
  if (order.status === 'cancelled') throw new AppError('INVALID_STATE', 'a cancelled lab order is not billed');
  const charged = await activeChargeFor(ctx.db, organizationId, 'lab_order', order.id);
  if (charged) throw new AppError('CONFLICT', `this lab order is charged to admission ${charged.admissionId}: it is billed on the admission's invoice`);
  const priced = order.tests.filter((test) => test.price !== null && test.price > 0);
  if (priced.length === 0) throw new AppError('INVALID_STATE', 'this lab order has no priced tests to bill');
  const serviceIds = priced.flatMap((test) => (test.serviceId ? [test.serviceId] : []));
  const taxes = await serviceTaxes(ctx.db, organizationId, serviceIds);
  const lines: LineInput[] = priced.map((test) => {
    const tax = test.serviceId ? taxes.get(test.serviceId) : undefined;
    const rate = tax?.rate ?? 0;
    return {
      description: test.name ?? test.code ?? 'Lab test',
      code: tax?.code ?? null,
      quantity: test.quantity,
      unitPrice: toMinor(test.price ?? 0) ?? 0,
      discount: 0,
      taxRate: rate,
      exempt: rate === 0,
      sourceType: 'labTest',
      sourceId: test.id,
    };
  });
  return {
    kind: 'INVOICE',
    sourceType: 'labOrder',
    sourceId: order.id,
    againstId: null,
    patientId: order.patientId,
    subject: `Lab order ${order.id}`,
    buyer: await buyerOf(ctx.db, organizationId, order.patientId, buyer),
    lines,
    paidBefore: () => 0,
  };
}
