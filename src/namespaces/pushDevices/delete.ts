import { self } from '../../operations/audience.ts';
import { notFound } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedResult, deletedAnswer } from '../../values/results.ts';
import { keyInput } from './getById.ts';
import { deviceOwner } from './pushDevices.owner.ts';
import { getInOrganization, removeDevice } from './pushDevices.repo.ts';
import { assertOwnDevice } from './pushDevices.access.ts';

/** Removes one's own device (a platform admin: any device; never the organization's staff); it gets no more pushes. */
export const remove = defineOperation({
  namespace: 'pushDevices',
  name: 'delete', audience: self(deviceOwner),
  summary: 'Remove one\'s own device (a platform admin: any device)',
  writes: true,
  input: keyInput,
  output: deletedResult,
  async handler(ctx, input) {
    const device = await getInOrganization(ctx.db, input.organizationId, input.id);
    assertOwnDevice(ctx, device);
    if (!(await removeDevice(ctx.db, input.organizationId, input.id))) throw notFound('push device');
    return deletedAnswer(input.id);
  },
});
