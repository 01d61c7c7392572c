import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { beds } from './beds.resource.ts';

/**
 * Omitted fields unchanged, null clears (status and isActive: back to their defaults). The row is
 * locked before it is read, so an admission claiming the bed at the same moment cannot slip
 * between the occupancy check (beds.resource.ts) and the write.
 */
export const update = defineOperation({
  namespace: 'beds',
  name: 'update', audience: member(),
  summary: 'Update a bed (an occupied bed keeps its status, admission, room and ward)',
  writes: true,
  input: beds.schemas.update,
  output: itemResult(beds.schemas.record),
  async handler(ctx, input) {
    const organizationId = input.organizationId!;
    const current = await beds.repo.lock(ctx.db, ctx.dialect, organizationId, input.id);
    const { changes } = await beds.repo.merge(ctx, current, input);
    return { item: await beds.repo.patch(ctx.db, organizationId, input.id, changes) };
  },
});
