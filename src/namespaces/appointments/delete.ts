import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deleteRow } from './appointments.repo.ts';

/** Deletes the record (its time is free again). Cancelling through update keeps the record instead. */
export const remove = defineOperation({
  namespace: 'appointments',
  name: 'delete', audience: member(),
  summary: 'Delete an appointment of the organization',
  writes: true,
  input: z.object({ id: id(), organizationId: id() }),
  async handler(ctx, input) {
    await deleteRow(ctx.db, input.organizationId, input.id);
    return { id: input.id, deleted: true };
  },
});
