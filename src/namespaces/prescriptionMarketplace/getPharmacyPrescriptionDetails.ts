import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { quoteSchema, requestDetailWithQuote } from './prescriptionMarketplace.results.ts';
import { oneQuoteRecord, requestDetail } from './prescriptionMarketplace.records.ts';
import { findBroadcast, lockRequest, patchBroadcast, quoteOfBroadcast } from './prescriptionMarketplace.repo.ts';
import { byPatientId, itemReads } from '../../operations/reads.ts';

/**
 * A broadcast request as the pharmacy sees it (detail shape): only its own broadcast, and for each
 * medicine the options of its own catalogue (mapped products first, then matches by name or
 * generic name, type and strength) with price and available stock. The first look moves the
 * broadcast from SENT to VIEWED. Beside the item: `quote`, the pharmacy's quote for it (or null).
 */
export const getPharmacyPrescriptionDetails = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'getPharmacyPrescriptionDetails', audience: member(),
  readsPatientData: true, reads: itemReads(byPatientId),
  summary: 'A prescription request broadcast to this pharmacy, with its catalogue options (marks it VIEWED)',
  writes: true,
  input: z
    .object({
      organizationId: id(),
      broadcastId: id().nullish(),
      prescriptionRequestId: id().nullish(),
      organizationBranchId: id().nullish(),
    })
    .refine((v) => v.broadcastId || v.prescriptionRequestId, { path: ['broadcastId'], message: 'give broadcastId or prescriptionRequestId' }),
  output: requestDetailWithQuote(quoteSchema.nullable()),
  async handler(ctx, input) {
    const found = await findBroadcast(ctx.db, input.organizationId, input);
    const request = await lockRequest(ctx.db, ctx.dialect, found.prescriptionRequestId);
    let broadcast = await findBroadcast(ctx.db, input.organizationId, { broadcastId: found.id });
    if (broadcast.status === 'SENT') {
      const now = ctx.now();
      broadcast = await patchBroadcast(ctx.db, broadcast.id, { status: 'VIEWED', viewedAt: now, updatedAt: now });
    }
    const quote = await quoteOfBroadcast(ctx.db, broadcast.id);
    return {
      success: true as const,
      item: await requestDetail(ctx, request, { catalogueOf: input.organizationId, broadcastsOf: input.organizationId }),
      quote: quote ? await oneQuoteRecord(ctx, quote) : null,
    };
  },
});
