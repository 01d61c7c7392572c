import { defineOperation } from '../../operations/operation.ts';
import { appendLogs } from '../admissionLogs/admissionLogs.public.ts';
import { admissions, createInput } from './admissions.resource.ts';
import { prepareChange } from './admissions.change.ts';
import { setStage } from './admissions.repo.ts';

/**
 * Creates an admission (status default REQUESTED, requestedAt default now). A bed given is claimed
 * in the same transaction (CONFLICT when it is not an active, free bed of the organization); ward
 * and room follow it. Logged: the status, and the bed.
 */
export const create = defineOperation({
  ...admissions.declared.create,
  summary: 'Create an admission, occupying the bed given',
  input: createInput,
  async handler(ctx, input) {
    const given = new Set(Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined && input[k as keyof typeof input] !== null));
    const built = await admissions.repo.build(ctx, { ...input, status: input.status ?? 'REQUESTED', requestedAt: input.requestedAt ?? ctx.now() });
    const { record, change } = await prepareChange(ctx, undefined, built, given);
    const item = await admissions.repo.insert(ctx.db, record);
    if (change.nextStage !== 'REQUESTED') await setStage(ctx.db, item.organizationId, item.id, change.nextStage);
    await appendLogs(ctx.db, item, change.actor, change.events, change.now);
    return { item };
  },
});
