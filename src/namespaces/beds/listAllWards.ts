import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { wards } from '../wards/wards.public.ts';
import { allWards } from './beds.repo.ts';

export const listAllWards = defineOperation({
  namespace: 'beds',
  name: 'listAllWards', audience: member(),
  summary: 'Every ward of the organization (active or not), by name',
  input: z.object({ organizationId: id() }),
  output: itemsResult(wards.schemas.record),
  async handler(ctx, input) {
    return { items: await allWards(ctx.db, input.organizationId) };
  },
});
