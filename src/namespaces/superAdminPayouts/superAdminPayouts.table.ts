import type { Json } from '../../values/record.ts';

/** Money columns in integer minor units; commissionPercent in basis points; paymentIds JSON text. */
export interface SuperAdminPayoutsTable {
  id: string;
  organizationId: string;
  grossAmount: number;
  commissionPercent: number;
  commissionAmount: number;
  gatewayCharge: number;
  payoutCharge: number;
  netPayout: number;
  gatewayPayoutId: string | null;
  gatewayFundAccountId: string | null;
  /** the label shown: the stage, or any text update stored within it */
  status: string;
  /** the known status the lifecycle is at (superAdminPayouts.status.ts); internal */
  stage: string;
  paymentIds: Json<string[]> | null;
  notes: string | null;
  processedByUserId: string | null;
  processedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    superAdminPayouts: SuperAdminPayoutsTable;
  }
}
