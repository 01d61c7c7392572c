import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, reqStr } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { admissions } from './admissions.resource.ts';
import { assertStage, changeAdmission } from './admissions.change.ts';

/** A requested admission that will not happen is cancelled (REQUESTED to CANCELLED), with the reason logged; its bed is freed. */
export const cancel = defineOperation({
  namespace: 'admissions',
  name: 'cancel', audience: member(),
  summary: 'Cancel a requested admission with a reason (status CANCELLED)',
  writes: true,
  input: z.object({ id: id(), organizationId: id(), reason: reqStr().max(1000) }),
  output: itemResult(admissions.schemas.record),
  async handler(ctx, input) {
    await assertStage(ctx, input.organizationId, input.id, 'cancel', ['REQUESTED']);
    return { item: await changeAdmission(ctx, input.organizationId, input.id, { status: 'CANCELLED' }, { reason: input.reason }) };
  },
});
