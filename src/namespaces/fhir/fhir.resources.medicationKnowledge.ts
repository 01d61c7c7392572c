import { compact, ingredientsOf, instant, moneyOfMinor, str, type FhirResource } from './fhir.resources.ts';

type Row = Record<string, unknown>;

/** The code system of a stock item's prices (MedicationKnowledge.cost.type). */
export const PRICE_SYSTEM = 'urn:healthops:price';

/** The prices a stock item holds (inventoryItems, minor units), as cost types. */
const PRICES = [
  { column: 'mrp', code: 'mrp', display: 'Maximum retail price' },
  { column: 'offlinePrice', code: 'offline', display: 'Price at the counter' },
  { column: 'onlinePrice', code: 'online', display: 'Price online' },
  { column: 'unitPrice', code: 'valuation', display: 'Valuation price per unit (the stock\'s value)' },
] as const;

/**
 * A stock item as the catalogue's knowledge of it (docs/fhir.md, "MedicationKnowledge"): what it is,
 * its names, form, unit and prices; the Medication of the same id is the item itself (its batch).
 */
export function medicationKnowledgeResource(row: Row): FhirResource<'MedicationKnowledge'> {
  const synonyms = [str(row.brandName), str(row.genericName)].filter((name) => name !== undefined && name !== row.itemName);
  return compact({
    resourceType: 'MedicationKnowledge',
    id: String(row.id),
    meta: { lastUpdated: instant(row.updatedAt) },
    code: { text: String(row.itemName) },
    // Items are deleted, never retired: every item held is active.
    status: 'active',
    doseForm: str(row.medicineType) ? { text: str(row.medicineType) } : undefined,
    synonym: [...new Set(synonyms)],
    associatedMedication: [{ reference: `Medication/${String(row.id)}` }],
    packaging: str(row.unitOfMeasure) ? { type: { text: str(row.unitOfMeasure) } } : undefined,
    ingredient: ingredientsOf(row),
    cost: PRICES.filter(({ column }) => row[column] !== null && row[column] !== undefined).map(({ column, code, display }) => ({
      type: { coding: [{ system: PRICE_SYSTEM, code, display }] },
      cost: moneyOfMinor(row[column]),
    })),
  }) as FhirResource<'MedicationKnowledge'>;
}
