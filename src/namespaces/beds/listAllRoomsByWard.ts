import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { rooms } from '../rooms/rooms.public.ts';
import { findWard } from '../wards/wards.public.ts';
import { roomsOfWard } from './beds.repo.ts';

export const listAllRoomsByWard = defineOperation({
  namespace: 'beds',
  name: 'listAllRoomsByWard', audience: member(),
  summary: 'Every room of a ward, by room number',
  input: z.object({ organizationId: id(), wardId: id() }),
  output: itemsResult(rooms.schemas.record),
  async handler(ctx, input) {
    if (!(await findWard(ctx.db, input.organizationId, input.wardId))) throw notFound('ward');
    return { items: await roomsOfWard(ctx.db, input.organizationId, input.wardId) };
  },
});
