import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { appendLogs } from '../admissionLogs/admissionLogs.public.ts';
import { admissions, type AdmissionRecord } from './admissions.resource.ts';
import { prepareChange } from './admissions.change.ts';

/**
 * Updates an admission: omitted fields unchanged, null clears (the required ones cannot be cleared).
 * Status moves follow the table in admissions.status.ts and stamp their times and actors; billing
 * must be cleared before DISCHARGED; the bed follows bedId and the status. The admission row is
 * locked first, so concurrent updates of one admission run one after the other. Every status
 * change, bed move and billing clearance is logged in the same transaction.
 */
export const update = defineOperation({
  namespace: 'admissions',
  name: 'update', audience: member(),
  summary: 'Update an admission: status moves, discharge, bed moves, billing clearance',
  writes: true,
  input: admissions.schemas.update,
  async handler(ctx, input) {
    const organizationId = input.organizationId!;
    const current = await admissions.repo.lock(ctx.db, ctx.dialect, organizationId, input.id);
    const { record: merged } = await admissions.repo.merge(ctx, current, input);
    const given = new Set(Object.entries(input).flatMap(([k, v]) => (v === undefined ? [] : [k])));
    const { record, change } = await prepareChange(ctx, current, merged, given);
    const changes = Object.fromEntries(Object.entries(record).filter(([k, v]) => v !== current[k as keyof AdmissionRecord]));
    const item = await admissions.repo.patch(ctx.db, organizationId, input.id, changes);
    await appendLogs(ctx.db, item, change.actor, change.events, change.now);
    return { item };
  },
});
