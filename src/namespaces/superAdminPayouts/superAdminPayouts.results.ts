import { z } from 'zod';
import { out } from '../../values/results.ts';

/** Result schemas of the superAdminPayouts operations (src/values/results.ts); a payout record is `payouts.schemas.record`. */

/** An organization's balance (summaryOf): amounts with two decimals, counts, and the rates a request would apply now. */
export const organizationSummary = z.object({
  organizationId: out.id(),
  collected: out.number(),
  paidOut: out.number(),
  paidOutNet: out.number(),
  pendingPayouts: out.number(),
  /** negative when payouts recorded by hand exceed the collections */
  available: out.number(),
  counts: z.object({ paidAppointments: out.int(), paidOutPayouts: out.int(), pendingPayouts: out.int() }),
  rates: z.object({ commissionPercent: out.number(), gatewayChargePercent: out.number(), payoutCharge: out.number() }),
});
