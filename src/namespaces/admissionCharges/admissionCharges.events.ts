import type { EventType } from '../../events/events.ts';
import type { ChargeRecord } from '../admissions/admissions.public.ts';

/** The events of an admission's charges (docs/webhooks.md), added to the core's EventMap. */
declare module '../../events/events.ts' {
  interface EventMap {
    'charge.applied': { charge: ChargeRecord };
    'charge.voided': { charge: ChargeRecord };
  }
}

export const events: readonly EventType[] = ['charge.applied', 'charge.voided'];
