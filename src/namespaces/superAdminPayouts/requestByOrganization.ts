import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError, validationFailed } from '../../values/errors.ts';
import { id, str } from '../../values/fields.ts';
import { applyRate, fromMinor, money } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { show } from './superAdminPayouts.figures.ts';
import { balanceOf, lockOrganizationPayouts } from './superAdminPayouts.repo.ts';
import { payouts } from './superAdminPayouts.resource.ts';
import { REQUESTED } from './superAdminPayouts.status.ts';

/**
 * An organization asks for a payout of `amount` (the gross amount). Commission and gateway charge
 * are the configured percentages of it (rounded half up to the minor unit), the payout charge the
 * configured fixed amount, and the net payout what is left, which must be more than zero. The
 * amount may not exceed what is available (INVALID_STATE naming it); requests of one organization
 * are serialised, so concurrent ones never together exceed it. The payout starts as REQUESTED.
 *
 * Money moves only on a token: role admin or accountant in the named organization (the role
 * table), or platform_admin. The dispatcher checks it before the handler and its transaction.
 */
export const requestByOrganization = defineOperation({
  namespace: 'superAdminPayouts',
  name: 'requestByOrganization', audience: member(),
  summary: 'Request a payout of an amount out of what is available; commission and charges from configuration',
  tokenRequired: true,
  writes: true,
  input: z.object({
    organizationId: id(),
    amount: money().refine((v) => v > 0, 'must be more than 0'),
    notes: str().nullish(),
  }),
  output: itemResult(payouts.schemas.record),
  async handler(ctx, input) {
    const rates = ctx.config.payouts;
    const gross = input.amount;
    const commission = applyRate(gross, rates.commissionBasisPoints);
    const gatewayCharge = applyRate(gross, rates.gatewayChargeBasisPoints);
    const net = gross - commission - gatewayCharge - rates.fixedChargeMinor;
    if (net <= 0) {
      throw validationFailed('amount', `the commission and charges on ${show(gross)} come to ${show(gross - net)}, which leaves nothing to pay out`);
    }

    await lockOrganizationPayouts(ctx, input.organizationId);
    const { available } = await balanceOf(ctx.db, input.organizationId);
    if (gross > available) {
      throw new AppError('INVALID_STATE', `the amount ${show(gross)} is more than the available ${show(Math.max(available, 0))}`);
    }
    const record = await payouts.repo.build(ctx, {
      organizationId: input.organizationId,
      grossAmount: fromMinor(gross),
      commissionPercent: fromMinor(rates.commissionBasisPoints),
      commissionAmount: fromMinor(commission),
      gatewayCharge: fromMinor(gatewayCharge),
      payoutCharge: fromMinor(rates.fixedChargeMinor),
      netPayout: fromMinor(net),
      status: REQUESTED,
      notes: input.notes ?? null,
    });
    return { item: await payouts.repo.insert(ctx.db, record) };
  },
});
