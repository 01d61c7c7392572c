import { z } from 'zod';
import { everyone } from '../../../operations/audience.ts';
import { defineOperation } from '../../../operations/operation.ts';
import { id } from '../../../values/fields.ts';
import { out } from '../../../values/results.ts';
import { commonSearchInput } from '../search/engine.ts';
import { inputOf } from '../search/params.ts';
import { readSlot, searchSlots, SLOT_SEARCH_PARAMS, type SlotSearchInput } from './slots.ts';

/**
 * Slot's read and search, declared like every type's (types/operations.ts) but run by slots.ts:
 * Slots are computed from the schedules, not rows. Public, as appointments.findSlots is: a slot
 * names a doctor's schedule and a time, never a patient (docs/fhir.md, "Access to Slots").
 */

const slotOutput = () => out.record({ resourceType: z.literal('Slot'), id: out.id() });

export const readSlotOperation = defineOperation({
  namespace: 'fhir',
  name: 'readSlot',
  summary: 'A free slot of a practitioner schedule as a FHIR R4 Slot (GET /fhir/R4/Slot/{id})',
  audience: everyone,
  input: z.object({ organizationId: id(), id: id() }),
  output: slotOutput(),
  handler: (ctx, input) => readSlot(ctx, input.organizationId, input.id),
});

export const slotSearchInput = z.object({ ...Object.assign({}, ...SLOT_SEARCH_PARAMS.map(inputOf)), ...commonSearchInput } as typeof commonSearchInput & Record<string, z.ZodType>);

export const searchSlotOperation = defineOperation({
  namespace: 'fhir',
  name: 'searchSlot',
  summary: 'Search the free slots of practitioner schedules as FHIR R4 Slots (GET /fhir/R4/Slot?schedule=...&start=ge...&start=le...)',
  audience: everyone,
  input: slotSearchInput,
  output: z.object({
    total: out.int(),
    count: out.int(),
    next: out.id().nullable(),
    items: z.array(out.record({ resourceType: out.text(), id: out.id() })),
    included: z.array(out.record({ resourceType: out.text(), id: out.id() })),
  }),
  handler: (ctx, input) => searchSlots(ctx, input as unknown as SlotSearchInput),
});
