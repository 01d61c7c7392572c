import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { fromMinor } from '../../values/money.ts';
import { defineOperation } from '../../operations/operation.ts';
import { organizationSummary } from './superAdminPayouts.results.ts';
import { balanceOf, type Balance } from './superAdminPayouts.repo.ts';

/** What a summary shows: amounts with two decimals, counts, and the rates a request would apply now. */
export function summaryOf(organizationId: string, balance: Balance, rates: { commissionBasisPoints: number; gatewayChargeBasisPoints: number; fixedChargeMinor: number }) {
  return {
    organizationId,
    collected: fromMinor(balance.collected),
    paidOut: fromMinor(balance.paidOut),
    paidOutNet: fromMinor(balance.paidOutNet),
    pendingPayouts: fromMinor(balance.pending),
    available: fromMinor(balance.available),
    counts: { paidAppointments: balance.paidAppointments, paidOutPayouts: balance.paidOutCount, pendingPayouts: balance.pendingCount },
    rates: {
      commissionPercent: fromMinor(rates.commissionBasisPoints),
      gatewayChargePercent: fromMinor(rates.gatewayChargeBasisPoints),
      payoutCharge: fromMinor(rates.fixedChargeMinor),
    },
  };
}

/**
 * An organization's balance with the platform: collected (amountPaid of its paid appointments),
 * paid out and pending payouts (gross amounts, by status as superAdminPayouts.status.ts classifies them) and
 * available = collected - paid out - pending. Exact: sums over integer minor units. Financial figures
 * are not public: a token of the organization's admin or accountant (the role table) or of a platform admin.
 */
export const getOrganizationSummary = defineOperation({
  namespace: 'superAdminPayouts',
  name: 'getOrganizationSummary', audience: member(),
  summary: 'Collected, paid out, pending and available amounts of an organization',
  tokenRequired: true,
  input: z.object({ organizationId: id() }),
  output: organizationSummary,
  async handler(ctx, input) {
    return summaryOf(input.organizationId, await balanceOf(ctx.db, input.organizationId), ctx.config.payouts);
  },
});
