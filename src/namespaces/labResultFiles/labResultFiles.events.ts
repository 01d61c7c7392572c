import type { EventType } from '../../events/events.ts';
import type { LabResultFileRecord } from './labResultFiles.resource.ts';

/** A lab result file uploaded (docs/webhooks.md), added to the core's EventMap. */
declare module '../../events/events.ts' {
  interface EventMap {
    'labResult.uploaded': { labResultFile: LabResultFileRecord };
  }
}

export const events: readonly EventType[] = ['labResult.uploaded'];
