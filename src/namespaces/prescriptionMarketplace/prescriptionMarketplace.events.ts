import type { EventType } from '../../events/events.ts';
import type { QuoteRecord } from './prescriptionMarketplace.records.ts';

/** The events of a pharmacy's quote (docs/webhooks.md), added to the core's EventMap. */
declare module '../../events/events.ts' {
  interface EventMap {
    'prescription.quoted': { prescriptionRequestId: string; quote: QuoteRecord };
    'prescription.accepted': { prescriptionRequestId: string; quote: QuoteRecord };
  }
}

export const events: readonly EventType[] = ['prescription.quoted', 'prescription.accepted'];
