/** What other namespaces use of webhooks; they import it from here only. */
export { emitEvent, type EventType } from './webhooks.events.ts';
