import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { beds } from './beds.resource.ts';
import { findRoom } from './beds.checks.ts';
import { bedsOfRoom } from './beds.repo.ts';

export const listAllBedsByRoom = defineOperation({
  namespace: 'beds',
  name: 'listAllBedsByRoom', audience: member(),
  summary: 'Every bed of a room, by bed number',
  input: z.object({ organizationId: id(), roomId: id() }),
  output: itemsResult(beds.schemas.record),
  async handler(ctx, input) {
    if (!(await findRoom(ctx.db, input.organizationId, input.roomId))) throw notFound('room');
    return { items: await bedsOfRoom(ctx.db, input.organizationId, input.roomId) };
  },
});
