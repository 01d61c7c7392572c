import { AppError, type ErrorDetail } from '../../values/errors.ts';
import type { Product } from './prescriptionMarketplace.catalogue.ts';
import type { PrescriptionQuoteItemsTable } from './prescriptionMarketplace.table.ts';

/**
 * Quote pricing, in integer minor units only. The client says which products, how many, whether
 * available, which substitute and why; the prices come from the pharmacy's catalogue and every
 * total is computed here. Prices, finalPrice, product names and totals sent by the client are
 * ignored.
 */

/** A quote line as the client gives it (after schema defaults). */
export interface QuoteLineInput {
  productId?: string | null | undefined;
  requestedMedicineName?: string | null | undefined;
  quantity: number;
  available: boolean;
  substituteProductId?: string | null | undefined;
  remarks?: string | null | undefined;
}

/** A quote line priced: the columns of its row that pricing fills. */
export type PricedLine = Omit<PrescriptionQuoteItemsTable, 'id' | 'quoteId' | 'organizationId' | 'position' | 'available' | 'createdAt'> & { available: boolean };

export interface Amounts {
  discount: number;
  deliveryCharge: number;
  tax: number;
}

export interface Totals extends Amounts {
  itemsTotal: number;
  grandTotal: number;
}

/** The largest amount a quote may carry, minor units (as money() accepts). */
export const MAX_AMOUNT = Math.floor(Number.MAX_SAFE_INTEGER / 10_000);

const NOT_IN_CATALOGUE = "no such product in this pharmacy's catalogue";

/**
 * Prices each line from the catalogue. The product priced is the line's product when it is
 * available, else its substitute; a line with neither (not available, no substitute) costs 0.
 * finalPrice = sellingPrice x quantity.
 */
export function priceLines(lines: readonly QuoteLineInput[], catalogue: ReadonlyMap<string, Product>): PricedLine[] {
  const problems: ErrorDetail[] = [];
  const priced = lines.map((line, i): PricedLine => {
    const at = (field: string) => `items.${i}.${field}`;
    const product = line.productId ? catalogue.get(line.productId) : undefined;
    const substitute = line.substituteProductId ? catalogue.get(line.substituteProductId) : undefined;
    if (line.productId && !product) problems.push({ path: at('productId'), message: NOT_IN_CATALOGUE });
    if (line.substituteProductId && !substitute) problems.push({ path: at('substituteProductId'), message: NOT_IN_CATALOGUE });
    if (line.available && !line.productId) problems.push({ path: at('productId'), message: 'an available item needs its productId' });
    const sold = line.available ? product : substitute;
    if (sold && sold.sellingPrice === null) {
      problems.push({ path: at(line.available ? 'productId' : 'substituteProductId'), message: `${sold.itemName} has no price in the catalogue (mrp, onlinePrice or offlinePrice)` });
    }
    const shown = sold ?? product;
    const finalPrice = sold?.sellingPrice != null ? BigInt(sold.sellingPrice) * BigInt(line.quantity) : 0n;
    if (finalPrice > BigInt(MAX_AMOUNT)) problems.push({ path: at('quantity'), message: 'the line total is too large' });
    return {
      productId: line.productId ?? null,
      requestedMedicineName: line.requestedMedicineName ?? null,
      quantity: line.quantity,
      mrp: shown?.mrp ?? null,
      sellingPrice: shown?.sellingPrice ?? null,
      finalPrice: Number(finalPrice),
      available: line.available,
      substituteProductId: line.substituteProductId ?? null,
      remarks: line.remarks ?? null,
      productName: product?.itemName ?? null,
      substituteProductName: substitute?.itemName ?? null,
    };
  });
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems[0]!.message, { details: problems });
  return priced;
}

/**
 * itemsTotal = sum of the lines' finalPrice; grandTotal = itemsTotal - discount + deliveryCharge + tax.
 * A discount above the items total is VALIDATION_FAILED (no quote goes below what its delivery and tax add).
 */
export function totalsOf(lines: readonly { finalPrice: number }[], amounts: Amounts): Totals {
  const itemsTotal = lines.reduce((sum, l) => sum + BigInt(l.finalPrice), 0n);
  const discount = BigInt(amounts.discount);
  if (discount > itemsTotal) {
    throw new AppError('VALIDATION_FAILED', 'discount must not exceed the items total', {
      details: [{ path: 'discount', message: `must not exceed the items total (${(Number(itemsTotal) / 100).toFixed(2)})` }],
    });
  }
  const grandTotal = itemsTotal - discount + BigInt(amounts.deliveryCharge) + BigInt(amounts.tax);
  if (itemsTotal > BigInt(MAX_AMOUNT) || grandTotal > BigInt(MAX_AMOUNT)) {
    throw new AppError('VALIDATION_FAILED', 'the quote total is too large', { details: [{ path: 'items', message: 'the quote total is too large' }] });
  }
  return { ...amounts, itemsTotal: Number(itemsTotal), grandTotal: Number(grandTotal) };
}
