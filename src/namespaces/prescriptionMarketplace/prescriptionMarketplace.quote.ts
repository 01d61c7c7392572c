import { newId } from '../../values/ids.ts';
import type { Context } from '../../operations/operation.ts';
import { dateIn } from '../../time/zone.ts';
import { productsById } from './prescriptionMarketplace.catalogue.ts';
import { insertQuote, patchQuote, quoteItemsOf, replaceQuoteItems, type BroadcastRow, type QuoteItemRow, type QuoteRow } from './prescriptionMarketplace.repo.ts';
import { priceLines, totalsOf, type PricedLine, type QuoteLineInput } from './prescriptionMarketplace.pricing.ts';

/** What saveDraftQuote and updateQuote may change; undefined = unchanged, null = cleared (0, none). */
export interface DraftChanges {
  discount?: number | null | undefined;
  deliveryCharge?: number | null | undefined;
  tax?: number | null | undefined;
  remarks?: string | null | undefined;
  items?: QuoteLineInput[] | null | undefined;
}

const pick = (given: number | null | undefined, current: number | undefined) => (given === undefined ? (current ?? 0) : (given ?? 0));

/** The new lines, priced from the pharmacy's catalogue now; undefined when the items are unchanged. */
async function pricedLines(ctx: Context, organizationId: string, items: QuoteLineInput[] | null | undefined): Promise<PricedLine[] | undefined> {
  if (items === undefined) return undefined;
  const lines = items ?? [];
  const ids = lines.flatMap((l) => [l.productId, l.substituteProductId]).filter((x): x is string => Boolean(x));
  const catalogue = await productsById(ctx.db, organizationId, ids, dateIn(ctx.config.timeZone, ctx.now()));
  return priceLines(lines, catalogue);
}

/**
 * Creates the broadcast's draft quote or changes the existing draft: new lines are priced from the
 * catalogue and every total is computed again from the lines and the amounts.
 */
export async function writeDraft(ctx: Context, broadcast: BroadcastRow, current: QuoteRow | undefined, changes: DraftChanges): Promise<QuoteRow> {
  const now = ctx.now();
  const quoteId = current?.id ?? newId();
  const fresh = await pricedLines(ctx, broadcast.organizationId, changes.items);
  const lines = fresh ?? (current ? ((await quoteItemsOf(ctx.db, [current.id])).get(current.id) ?? []) : []);
  const totals = totalsOf(
    lines.map((l) => ({ finalPrice: Number(l.finalPrice) })),
    {
      discount: pick(changes.discount, current && Number(current.discount)),
      deliveryCharge: pick(changes.deliveryCharge, current && Number(current.deliveryCharge)),
      tax: pick(changes.tax, current && Number(current.tax)),
    },
  );
  const remarks = changes.remarks === undefined ? (current?.remarks ?? null) : changes.remarks;
  const quote = current
    ? await patchQuote(ctx.db, current.id, { ...totals, remarks, updatedAt: now })
    : await insertQuote(ctx.db, {
        id: quoteId,
        organizationId: broadcast.organizationId,
        organizationBranchId: broadcast.organizationBranchId,
        prescriptionRequestId: broadcast.prescriptionRequestId,
        broadcastId: broadcast.id,
        status: 'DRAFT',
        currency: ctx.config.marketplace.currency,
        ...totals,
        remarks,
        submittedAt: null,
        decidedAt: null,
        createdAt: now,
        updatedAt: now,
      });
  if (fresh) {
    const rows = fresh.map((l, position): QuoteItemRow => ({ id: newId(), quoteId, organizationId: broadcast.organizationId, position, ...l, createdAt: now }));
    await replaceQuoteItems(ctx.db, quoteId, rows);
  }
  return quote;
}
