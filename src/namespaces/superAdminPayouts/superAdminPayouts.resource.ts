import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, str } from '../../values/fields.ts';
import type { Context } from '../../operations/operation.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { assertFiguresAgree, figuresOf } from './superAdminPayouts.figures.ts';
import { isProcessed } from './superAdminPayouts.status.ts';

/** Money as numbers with two decimals in records, integer minor units in the columns (same type). */
export type PayoutRecord = ResourceRecord<'superAdminPayouts', 'stage'>;

/** Any status text (the interface's rule for updates), trimmed; superAdminPayouts.status.ts says what the known ones mean. */
export const statusText = () => z.string().trim().min(1, 'must not be empty').max(64);
/** Gateway references and similar labels. */
const label = () => z.string().trim().max(200);


/**
 * Invariants of the full record about to be written (create, update, requestByOrganization):
 * the figures agree to the cent; a payout that becomes processed (paid out or released, see
 * superAdminPayouts.status.ts) without a processedAt gets now, and without a processedByUserId the
 * caller's users record id (its record in the organization, else its platform-level one).
 */
function prepare(record: PayoutRecord, ctx: Context, current?: PayoutRecord): PayoutRecord {
  assertFiguresAgree(figuresOf(record));
  const status = record.status;
  if (isProcessed(status) && !isProcessed(current?.status)) {
    if (record.processedAt === null) record.processedAt = ctx.now();
    if (record.processedByUserId === null) record.processedByUserId = ctx.membership?.userId ?? null;
  }
  return record;
}

/**
 * Payouts of the platform to an organization. Money is kept as integer minor units and
 * commissionPercent as basis points (src/values/money.ts); the API shows numbers with two decimals.
 * All five plain operations are generated; index.ts adds who may call them.
 */
export const payouts = defineResource({
  namespace: 'superAdminPayouts', audience: member(),
  table: 'superAdminPayouts',
  scope: 'organization',
  internal: ['stage'],
  clientTimestamps: true,
  fields: {
    grossAmount: { kind: 'money', required: true },
    commissionPercent: { kind: 'percent', required: true },
    commissionAmount: { kind: 'money', required: true },
    gatewayCharge: { kind: 'money', required: true },
    payoutCharge: { kind: 'money', required: true },
    netPayout: { kind: 'money', required: true },
    gatewayPayoutId: { kind: 'string', schema: label() },
    gatewayFundAccountId: { kind: 'string', schema: label() },
    status: { kind: 'string', required: true, schema: statusText() },
    paymentIds: { kind: 'strings', schema: z.array(id()).max(1000) },
    notes: { kind: 'string', schema: str() },
    processedByUserId: { kind: 'string', schema: id() },
    processedAt: { kind: 'ts' },
  },
  listFilters: ['status'],
  prepare,
});
