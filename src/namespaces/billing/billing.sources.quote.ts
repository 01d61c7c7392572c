import type { Context } from '../../operations/operation.ts';
import { AppError } from '../../values/errors.ts';
import { findInventoryItem } from '../inventoryItems/inventoryItems.public.ts';
import { patientsLinkedTo } from '../patients/patients.public.ts';
import { acceptedQuoteOf } from '../prescriptionMarketplace/prescriptionMarketplace.public.ts';
import type { Draft } from './billing.issue.ts';
import type { LineInput } from './billing.lines.ts';
import { buyerOf, type BuyerInput } from './billing.parties.ts';
import { beforeTax, refuseSecond } from './billing.sources.ts';

/** The quote's discount spread over its lines in proportion to their value, in whole paise (the last takes the remainder). */
function spread(discount: number, values: readonly number[]): number[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  if (discount <= 0 || total <= 0) return values.map(() => 0);
  const shares = values.map((value) => Number((BigInt(discount) * BigInt(value)) / BigInt(total)));
  shares[shares.length - 1]! += discount - shares.reduce((sum, share) => sum + share, 0);
  return shares;
}

/**
 * A pharmacy sale: the invoice of an accepted marketplace quote, once. Its available items at
 * their selling prices, which include GST (medicines are sold at prices inclusive of tax): each
 * line's taxable value is the price before the stock item's GST rate, with its HSN code. The quote's
 * discount is spread over the lines; its delivery charge is a line taxed at the rate of the
 * largest line (a composite supply takes its principal supply's rate). The quote's own `tax`
 * figure, typed by the pharmacy, is not used: the invoice works the tax out.
 */
export async function quoteDraft(ctx: Context, organizationId: string, quoteId: string, buyer: BuyerInput): Promise<Draft> {
  await refuseSecond(ctx, organizationId, { type: 'quote', id: quoteId, what: 'quote' });
  const { quote, items, patientIdpUserId } = await acceptedQuoteOf(ctx.db, organizationId, quoteId);
  if (items.length === 0) throw new AppError('INVALID_STATE', 'this quote has no available items to bill');
  const lines: LineInput[] = [];
  for (const item of items) {
    const product = item.productId ? await findInventoryItem(ctx.db, organizationId, item.productId) : undefined;
    const rate = Number(product?.gstPercentage ?? 0);
    const unitGross = item.sellingPrice !== null ? Number(item.sellingPrice) : Math.round(Number(item.finalPrice) / item.quantity);
    lines.push({
      description: item.productName ?? product?.itemName ?? item.requestedMedicineName ?? 'Item',
      code: product?.hsnCode ?? null,
      quantity: item.quantity,
      unitPrice: beforeTax(unitGross, rate),
      discount: 0,
      taxRate: rate,
      exempt: false,
      sourceType: 'quoteItem',
      sourceId: item.id,
    });
  }
  const discounts = spread(Number(quote.discount), lines.map((line) => line.unitPrice * line.quantity));
  lines.forEach((line, i) => (line.discount = Math.min(discounts[i]!, line.unitPrice * line.quantity)));
  const delivery = Number(quote.deliveryCharge);
  if (delivery > 0) {
    const principal = lines.reduce((a, b) => (b.unitPrice * b.quantity > a.unitPrice * a.quantity ? b : a));
    lines.push({ description: 'Delivery', code: null, quantity: 1, unitPrice: beforeTax(delivery, principal.taxRate), discount: 0, taxRate: principal.taxRate, exempt: false, sourceType: 'quote', sourceId: quote.id });
  }
  const [patient] = await patientsLinkedTo(ctx.db, patientIdpUserId, { organizationId });
  const party = await buyerOf(ctx.db, organizationId, patient?.id ?? '', buyer);
  return {
    kind: 'INVOICE',
    sourceType: 'quote',
    sourceId: quote.id,
    againstId: null,
    patientId: patient?.id ?? null,
    subject: `Prescription order ${quote.prescriptionRequestId}`,
    buyer: patient ? party : { ...party, name: 'Customer' },
    lines,
    paidBefore: () => 0,
  };
}
