import type { EventType } from '../../events/events.ts';
import type { DocumentSummary } from './billing.read.ts';

/** The events of billing documents (docs/webhooks.md), added to the core's EventMap. */
declare module '../../events/events.ts' {
  interface EventMap {
    'document.issued': { document: DocumentSummary };
    'document.cancelled': { document: DocumentSummary };
  }
}

export const events: readonly EventType[] = ['document.issued', 'document.cancelled'];
