import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, reqStr } from '../../values/fields.ts';
import { validationFailed } from '../../values/errors.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { admissions } from './admissions.resource.ts';
import { assertStage, changeAdmission } from './admissions.change.ts';

/**
 * Moves an admitted patient to another bed in one transaction: the new bed is claimed (CONFLICT
 * when it is not free) and the old one freed; ward and room follow the bed. Logged BED_CHANGED with
 * the reason.
 */
export const transfer = defineOperation({
  namespace: 'admissions',
  name: 'transfer', audience: member(),
  summary: 'Move an admitted patient to another bed (the old bed is freed, the new one occupied)',
  writes: true,
  input: z.object({ id: id(), organizationId: id(), bedId: id(), reason: reqStr().max(1000).nullish() }),
  output: itemResult(admissions.schemas.record),
  async handler(ctx, input) {
    await assertStage(ctx, input.organizationId, input.id, 'transfer', ['ADMITTED', 'DISCHARGE_REQUESTED']);
    const current = await admissions.repo.get(ctx.db, input.organizationId, input.id);
    if (current.bedId === input.bedId) throw validationFailed('bedId', 'is the bed the patient is in already');
    const item = await changeAdmission(ctx, input.organizationId, input.id, { bedId: input.bedId, wardId: undefined, roomId: undefined }, { reason: input.reason ?? undefined });
    return { item };
  },
});
