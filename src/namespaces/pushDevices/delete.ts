import { self } from '../../access/audience.ts';
import { notFound } from '../../rpc/errors.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { assertMayManage } from './access.ts';
import { keyInput } from './getById.ts';
import { findInOrganization, removeDevice } from './pushDevices.repo.ts';

/** Removes a device of a member of the organization (owner, organization admin or platform admin); it gets no more pushes. */
export const remove = defineOperation({
  namespace: 'pushDevices',
  name: 'delete', audience: self(),
  summary: 'Remove a device of a member of the organization',
  writes: true,
  input: keyInput,
  async handler(ctx, input) {
    const current = await findInOrganization(ctx.db, input.organizationId, input.id);
    if (!current) throw notFound('push device');
    assertMayManage(ctx, input.organizationId, current.idpUserId);
    await removeDevice(ctx.db, input.id);
    return { id: input.id, deleted: true };
  },
});
