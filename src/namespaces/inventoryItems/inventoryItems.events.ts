import type { EventType } from '../../events/events.ts';

/** The stock alerts (docs/webhooks.md, docs/inventory.md), added to the core's EventMap. */
declare module '../../events/events.ts' {
  interface EventMap {
    'stock.low': { item: { id: string; itemName: string; quantity: number; minStock: number | null }; outOfStock: boolean };
    'stock.expiring': {
      item: { id: string; itemName: string };
      batch: { id: string; batchNumber: string | null; lotNumber: string | null; expiryDate: string; quantity: number };
      expired: boolean;
    };
  }
}

export const events: readonly EventType[] = ['stock.low', 'stock.expiring'];
