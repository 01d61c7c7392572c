import { serialiseOn } from '../../db/locks.ts';
import type { Context } from '../../operations/operation.ts';

/**
 * Serialises the writers of one document's state (cancelling it; issuing a receipt or credit note
 * against it), so that a cancellation and a payment applied at once run one after the other.
 */
export function lockDocument(ctx: Context, organizationId: string, documentId: string): Promise<void> {
  return serialiseOn(ctx.db, ctx.dialect, `billing:document:${organizationId}:${documentId}`);
}
