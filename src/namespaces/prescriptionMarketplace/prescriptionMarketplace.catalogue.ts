import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fromMinor } from '../../values/money.ts';
import { PHARMACY_MODULE, searchCatalogue, type CatalogueEntry, type CatalogueQuery } from '../inventoryItems/inventoryItems.public.ts';
import type { RequestItemRow } from './prescriptionMarketplace.repo.ts';

/**
 * A pharmacy's catalogue as the marketplace shows it: its inventory items of module `pharmacy`
 * (src/namespaces/inventoryItems). A product's `id` is the inventory item's id: what request
 * items' productIds and quote items' productId / substituteProductId carry.
 */

/** The interface's product option. */
export interface ProductOption {
  id: string;
  name: string;
  /** the catalogue's product code (the item's productId), null when it has none */
  code: string | null;
  brandName: string | null;
  medicineType: string | null;
  strength: string | null;
  strengthUnit: string | null;
  mrp: number | null;
  sellingPrice: number | null;
  currency: string;
  availableStock: number;
}

/**
 * A catalogue product as quotes are priced from it: the entry's fields an option shows, its prices
 * in minor units (sellingPrice: onlinePrice, else offlinePrice, else mrp, the rule of searchCatalogue).
 */
export type Product = Pick<CatalogueEntry, 'id' | 'itemName' | 'productId' | 'brandName' | 'medicineType' | 'strength' | 'strengthUnit' | 'mrp' | 'sellingPrice' | 'availableStock'>;

/** The option of a catalogue entry (prices as amounts). */
export function optionOfEntry(entry: Product, currency: string): ProductOption {
  return {
    id: entry.id,
    name: entry.itemName,
    code: entry.productId,
    brandName: entry.brandName,
    medicineType: entry.medicineType,
    strength: entry.strength,
    strengthUnit: entry.strengthUnit,
    mrp: entry.mrp,
    sellingPrice: entry.sellingPrice,
    currency,
    availableStock: entry.availableStock,
  };
}

/** The option of a product priced in minor units. */
export function optionOfProduct(p: Product, currency: string): ProductOption {
  const amount = (minor: number | null) => (minor === null ? null : fromMinor(minor));
  return optionOfEntry({ ...p, mrp: amount(p.mrp), sellingPrice: amount(p.sellingPrice) }, currency);
}

const toNumber = (v: number | string | null) => (v === null ? null : Number(v));

/**
 * The pharmacy's catalogue products with these ids (others, and other organizations' items, are
 * left out). Available stock counts batches not expired on `today`, as searchCatalogue does.
 */
export async function productsById(db: Db, organizationId: string, ids: readonly string[], today: string): Promise<Map<string, Product>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const available = sql<number | string>`coalesce((select sum(b."quantity") from "inventoryBatches" b where b."inventoryItemId" = "inventoryItems"."id" and b."quantity" > 0 and (b."expiryDate" is null or b."expiryDate" >= ${today})), 0)`;
  const rows = await db
    .selectFrom('inventoryItems')
    .select(['id', 'itemName', 'productId', 'brandName', 'medicineType', 'strength', 'strengthUnit', 'mrp', 'onlinePrice', 'offlinePrice'])
    .select(available.as('availableStock'))
    .where('organizationId', '=', organizationId)
    .where('module', '=', PHARMACY_MODULE)
    .where('id', 'in', unique)
    .execute();
  const products = new Map<string, Product>();
  for (const row of rows) {
    const mrp = toNumber(row.mrp);
    products.set(row.id, {
      id: row.id,
      itemName: row.itemName,
      productId: row.productId,
      brandName: row.brandName,
      medicineType: row.medicineType,
      strength: row.strength,
      strengthUnit: row.strengthUnit,
      mrp,
      sellingPrice: toNumber(row.onlinePrice) ?? toNumber(row.offlinePrice) ?? mrp,
      availableStock: Number(row.availableStock),
    });
  }
  return products;
}

/** At most this many catalogue options are offered per requested medicine. */
export const MAX_OPTIONS = 10;

/** How a requested medicine is looked up in a catalogue: by name (item, generic or brand name), type and strength. */
export function matchQuery(item: RequestItemRow, today: string): CatalogueQuery {
  return {
    keyword: item.medicineName,
    medicineType: item.medicineType ?? undefined,
    strength: item.strength ?? undefined,
    strengthUnit: item.strengthUnit ?? undefined,
    today,
  };
}

/**
 * The pharmacy's options for one requested medicine: the products the request mapped it to
 * (its productIds) that are in this catalogue, then the catalogue's matches, without repeats,
 * at most MAX_OPTIONS.
 */
export async function optionsFor(db: Db, organizationId: string, item: RequestItemRow, productIds: string[], today: string, currency: string): Promise<ProductOption[]> {
  const mapped = await productsById(db, organizationId, productIds, today);
  const options: ProductOption[] = [...new Set(productIds)].flatMap((id) => {
    const p = mapped.get(id);
    return p ? [optionOfProduct(p, currency)] : [];
  });
  const seen = new Set(options.map((o) => o.id));
  const found = await searchCatalogue(db, organizationId, matchQuery(item, today), 1, MAX_OPTIONS);
  for (const entry of found.items) {
    if (options.length >= MAX_OPTIONS) break;
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    options.push(optionOfEntry(entry, currency));
  }
  return options.slice(0, MAX_OPTIONS);
}
