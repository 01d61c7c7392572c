import { z } from 'zod';
import { assertOwn } from '../../auth/ownership.ts';
import { AppError, validationFailed } from '../../rpc/errors.ts';
import { bool, id, num, str } from '../../rpc/fields.ts';
import { money } from '../../rpc/money.ts';
import type { Context } from '../../rpc/operation.ts';

/** Schema pieces and the acting patient, shared by the marketplace operations. */

/** Units of one medicine line (request or quote). */
export const lineQuantity = () => z.int().min(1, 'must be at least 1').max(100_000);
/** Lines in one request or quote. */
export const MAX_LINES = 100;
export const shortText = () => str().trim().max(200);
export const remarks = () => str().max(2000);

/**
 * A quote line as the client sends it. `id`, `quoteId`, the prices (mrp, sellingPrice, finalPrice)
 * and the product names are the service's: accepted in the input (type-checked) and ignored.
 */
export const quoteLine = () =>
  z.object({
    productId: id().nullish(),
    requestedMedicineName: shortText().nullish(),
    quantity: lineQuantity().nullish().transform((v) => v ?? 1),
    available: bool().nullish().transform((v) => v ?? true),
    substituteProductId: id().nullish(),
    remarks: remarks().nullish(),
    mrp: num().nullish(),
    sellingPrice: num().nullish(),
    finalPrice: num().nullish(),
    productName: str().nullish(),
    substituteProductName: str().nullish(),
  });

/** The amounts a pharmacy sets on its quote (minor units); omitted: unchanged (0 on a new quote). */
export const quoteAmounts = {
  discount: money().nullish(),
  deliveryCharge: money().nullish(),
  tax: money().nullish(),
  remarks: remarks().nullish(),
  items: z.array(quoteLine()).max(MAX_LINES, `at most ${MAX_LINES} items`).nullish(),
};

/**
 * The patient an operation acts for: `patientId` (the person's idpUserId), else the caller's own
 * identity. With a token, a patientId other than the caller's is FORBIDDEN (assertOwn), unless the
 * caller is a platform admin. Without a token (optional mode) the patientId is needed.
 */
export function actingPatient(ctx: Context, patientId: string | null | undefined): string {
  if (patientId) {
    assertOwn(ctx.caller, patientId);
    return patientId;
  }
  if (ctx.caller.kind === 'user') return ctx.caller.idpUserId;
  throw validationFailed('patientId', 'patientId is required without an access token');
}

/**
 * The pharmacy side is its staff's: with a token, the caller needs a user record (not blocked) in
 * the pharmacy's organization, or platform_admin. The dispatcher's tenancy guard already refuses
 * callers bound to other organizations; this also refuses a person with no user record at all (a
 * patient's own account), who would otherwise read every patient's name in the pharmacy's inbox.
 * Without a token (optional mode) the interface's behaviour holds.
 */
export function assertPharmacySide(ctx: Context, organizationId: string): void {
  const caller = ctx.caller;
  if (caller.kind === 'anonymous' || caller.isPlatformAdmin) return;
  if (caller.memberships.some((m) => m.organizationId === organizationId && !m.blocked)) return;
  throw new AppError('FORBIDDEN', "only this pharmacy's staff can do this");
}
