import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { services } from '../services/services.public.ts';
import { bedTypeServices } from './beds.repo.ts';

export const listBedTypeServices = defineOperation({
  namespace: 'beds',
  name: 'listBedTypeServices', audience: member(),
  summary: 'The active services of category bed (what a bed is charged as), by name',
  input: z.object({ organizationId: id() }),
  output: itemsResult(services.schemas.record),
  async handler(ctx, input) {
    return { items: await bedTypeServices(ctx.db, input.organizationId) };
  },
});
