import { member } from '../../operations/audience.ts';
import type { z } from 'zod';
import { defineOperation } from '../../operations/operation.ts';
import { suppliers } from './suppliers.resource.ts';

/**
 * The update schema without `module`: it is not among the interface's update fields, so a value
 * sent for it is ignored like any unknown field, never validated (nor stored).
 */
const updateInput = (suppliers.schemas.update as unknown as z.ZodObject<z.ZodRawShape>).omit({ module: true }) as unknown as typeof suppliers.schemas.update;

/**
 * The interface's update fields: name, contactPerson, phone, email, gstNumber, address, isActive.
 * `module` is not among them and is ignored like any unknown field. Omitted = unchanged, null
 * clears (name cannot be cleared; isActive null = the default, true).
 */
export const update = defineOperation({
  namespace: 'suppliers',
  name: 'update', audience: member(),
  summary: 'Change a supplier (module stays as created)',
  writes: true,
  input: updateInput,
  async handler(ctx, input) {
    const organizationId = input.organizationId!;
    const current = await suppliers.repo.get(ctx.db, organizationId, input.id);
    const { changes } = await suppliers.repo.merge(ctx, current, input);
    return { item: await suppliers.repo.patch(ctx.db, organizationId, input.id, changes) };
  },
});
