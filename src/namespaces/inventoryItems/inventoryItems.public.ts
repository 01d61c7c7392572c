/** What other namespaces use of inventoryItems; they import it from here only. */
export { staffOf } from './inventoryItems.alerts.ts';
export { type CatalogueEntry, type CatalogueQuery, PHARMACY_MODULE, searchCatalogue } from './inventoryItems.repo.ts';
export { findItem as findInventoryItem } from './inventoryItems.repo.ts';
