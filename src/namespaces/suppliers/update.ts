import { defineOperation } from '../../rpc/operation.ts';
import { suppliers } from './suppliers.resource.ts';

/**
 * The interface's update fields: name, contactPerson, phone, email, gstNumber, address, isActive.
 * `module` is not among them and is ignored like any unknown field. Omitted = unchanged, null
 * clears (name cannot be cleared; isActive null = the default, true).
 */
export const update = defineOperation({
  namespace: 'suppliers',
  name: 'update',
  summary: 'Change a supplier (module stays as created)',
  writes: true,
  input: suppliers.schemas.update,
  async handler(ctx, input) {
    const organizationId = input.organizationId!;
    const current = await suppliers.repo.get(ctx.db, organizationId, input.id);
    const changes = { ...input };
    delete changes.module;
    const { changes: patch } = await suppliers.repo.merge(ctx, current, changes);
    return { item: await suppliers.repo.patch(ctx.db, organizationId, input.id, patch) };
  },
});
