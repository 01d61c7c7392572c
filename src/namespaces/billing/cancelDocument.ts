import { z } from 'zod';
import { actorOf } from '../../caller/actor.ts';
import { emit } from '../../events/events.ts';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { AppError } from '../../values/errors.ts';
import { id, reqStr } from '../../values/fields.ts';
import { itemResult } from '../../values/results.ts';
import { balanceOf, loadDocument, toDocumentRecord, toDocumentSummary } from './billing.read.ts';
import { documentRecord } from './billing.results.ts';
import { lockDocument } from './billing.locks.ts';

/**
 * Cancels a document: it keeps its number and is shown as cancelled. Only before anything is
 * applied to it (a payment, a receipt, a credit note); after that, a credit note corrects it.
 */
export const cancelDocument = defineOperation({
  namespace: 'billing',
  name: 'cancelDocument',
  audience: member(),
  summary: 'Cancel a document before any payment or credit note is applied to it (it keeps its number, shown as cancelled)',
  writes: true,
  input: z.object({ organizationId: id(), id: id(), reason: reqStr().max(500) }),
  output: itemResult(documentRecord),
  async handler(ctx, input) {
    await lockDocument(ctx, input.organizationId, input.id);
    const stored = await loadDocument(ctx.db, input.organizationId, input.id);
    if (stored.cancellation) throw new AppError('INVALID_STATE', `${stored.row.number} is cancelled already`);
    const applied = balanceOf(stored);
    if (applied && (applied.paid > 0 || applied.credited > 0)) {
      throw new AppError('INVALID_STATE', `${stored.row.number} has payments or credit notes applied to it: correct it with a credit note instead`);
    }
    const now = ctx.now();
    const cancellation = { documentId: stored.row.id, organizationId: input.organizationId, reason: input.reason, cancelledByUserId: actorOf(ctx.membership)?.userId ?? null, cancelledAt: now };
    await ctx.db.insertInto('billingCancellations').values(cancellation).execute();
    const cancelled = { ...stored, cancellation };
    await emit(ctx.db, ctx, input.organizationId, 'document.cancelled', { document: toDocumentSummary(cancelled) });
    return { item: toDocumentRecord(cancelled) };
  },
});
