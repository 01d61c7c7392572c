import { defineOperation } from '../../operations/operation.ts';
import { beds } from './beds.resource.ts';

/**
 * Omitted fields unchanged, null clears (status and isActive: back to their defaults). The row is
 * locked before it is read, so an admission claiming the bed at the same moment cannot slip
 * between the occupancy check (beds.resource.ts) and the write.
 */
export const update = defineOperation({
  ...beds.declared.update,
  summary: 'Update a bed (an occupied bed keeps its status, admission, room and ward)',
  async handler(ctx, input) {
    const organizationId = input.organizationId!;
    const current = await beds.repo.lock(ctx.db, ctx.dialect, organizationId, input.id);
    const { changes } = await beds.repo.merge(ctx, current, input);
    return { item: await beds.repo.patch(ctx.db, organizationId, input.id, changes) };
  },
});
