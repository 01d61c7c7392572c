import { z } from 'zod';
import { gstin } from '../../values/gstin.ts';
import { isStateCode } from '../../values/gst-states.ts';

/** A GST state code, two digits ('27' Maharashtra). */
export const stateCodeField = () => z.string().max(2).refine(isStateCode, "must be a GST state code, two digits ('27' Maharashtra)");

/** Who the supply is to, when not the patient over the counter. */
export const buyerFields = {
  buyerGstin: gstin().nullish().describe("a business buyer's GSTIN: its state is the place of supply"),
  placeOfSupply: stateCodeField().nullish().describe("GST place of supply (state code), when not the organization's own state"),
};

/** Part of a line's quantity: more than 0, at most three decimals (half a bed-day). */
export const partQuantity = () =>
  z
    .number()
    .gt(0, 'must be greater than 0')
    .max(100_000)
    .refine((q) => Math.abs(Math.round(q * 1000) - q * 1000) < 1e-6, 'must have at most three decimals');
