import { z } from 'zod';
import { validationFailed } from '../../values/errors.ts';
import { bool, id, num, str } from '../../values/fields.ts';
import { money } from '../../values/money.ts';
import type { Context } from '../../operations/operation.ts';

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
 * identity; without a token (optional mode) the patientId is needed. That a caller with a token
 * acts only for themself the dispatcher has checked (the operations' `self` audience).
 */
export function actingPatient(ctx: Context, patientId: string | null | undefined): string {
  if (patientId) return patientId;
  if (ctx.caller.kind === 'user') return ctx.caller.idpUserId;
  throw validationFailed('patientId', 'patientId is required without an access token');
}
