import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { broadcastResult } from './prescriptionMarketplace.results.ts';
import { remarks } from './prescriptionMarketplace.fields.ts';
import { broadcastRecord } from './prescriptionMarketplace.records.ts';
import { lockPharmacyBroadcast } from './prescriptionMarketplace.pharmacyMove.ts';
import { patchBroadcast, patchQuote, quoteOfBroadcast } from './prescriptionMarketplace.repo.ts';

/**
 * The pharmacy declines a broadcast it has not answered (SENT or VIEWED) while the request is
 * open: the broadcast REJECTED with the reason, and its draft quote, if any, CANCELLED. The
 * request is unchanged (other pharmacies may still quote).
 */
export const rejectPrescription = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'rejectPrescription', audience: member(),
  summary: 'Decline a prescription request broadcast to this pharmacy',
  writes: true,
  input: z.object({ broadcastId: id(), organizationId: id(), reason: remarks().nullish() }),
  output: broadcastResult,
  async handler(ctx, input) {
    const { broadcast } = await lockPharmacyBroadcast(ctx, 'rejectPrescription', input);

    const now = ctx.now();
    const draft = await quoteOfBroadcast(ctx.db, broadcast.id);
    if (draft?.status === 'DRAFT') await patchQuote(ctx.db, draft.id, { status: 'CANCELLED', decidedAt: now, updatedAt: now });
    const rejected = await patchBroadcast(ctx.db, broadcast.id, { status: 'REJECTED', rejectionReason: input.reason ?? null, respondedAt: now, updatedAt: now });
    return { success: true as const, item: broadcastRecord(rejected) };
  },
});
