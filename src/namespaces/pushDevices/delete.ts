import { self } from '../../operations/audience.ts';
import { notFound } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedResult } from '../../values/results.ts';
import { keyInput } from './getById.ts';
import { deviceOwner } from './pushDevices.owner.ts';
import { removeDevice } from './pushDevices.repo.ts';

/** Removes a device of a member of the organization (owner, organization admin or platform admin); it gets no more pushes. */
export const remove = defineOperation({
  namespace: 'pushDevices',
  name: 'delete', audience: self(deviceOwner),
  summary: 'Remove a device of a member of the organization',
  writes: true,
  input: keyInput,
  output: deletedResult,
  async handler(ctx, input) {
    if (!(await removeDevice(ctx.db, input.organizationId, input.id))) throw notFound('push device');
    return { id: input.id, deleted: true };
  },
});
