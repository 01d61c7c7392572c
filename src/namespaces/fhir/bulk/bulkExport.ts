import { member } from '../../../operations/audience.ts';
import { defineOperation } from '../../../operations/operation.ts';
import { AppError, notFound } from '../../../values/errors.ts';
import { newId } from '../../../values/ids.ts';
import { out } from '../../../values/results.ts';
import { z } from 'zod';
import { exporterOf, mayExport } from './bulk.access.ts';
import { typeFiltersOf } from './bulk.filter.ts';
import { kickOffInput, refuseUnserved, sinceOf, typesOf } from './bulk.params.ts';
import { planText } from './bulk.plan.ts';

/** Exports of an organization being written at once, at most: one more is 429, as the IG has it. */
export const MAX_RUNNING = 5;

/**
 * GET /fhir/R4/$export, /Patient/$export, /Group/{id}/$export (the FHIR route requires
 * `Prefer: respond-async`): queues a Bulk Data export of the organization for the job runner
 * (bulk.job.ts) and answers its id; the route answers 202 with the status URL.
 */
export const bulkExport = defineOperation({
  namespace: 'fhir',
  name: 'bulkExport',
  summary: 'Start a FHIR Bulk Data export of the organization (GET /fhir/R4/$export)',
  audience: member(),
  permission: 'export',
  tokenRequired: true,
  writes: true,
  input: kickOffInput,
  output: z.object({ id: out.id() }),
  async handler(ctx, input) {
    refuseUnserved(input);
    // A group is the organization's patients: Group/{organization id}; any other is unknown.
    if (input.level === 'group' && input.groupId !== input.organizationId) throw notFound('Group');
    const types = typesOf(input, (type) => mayExport(ctx, input.organizationId, type));
    const typeFilters = typeFiltersOf(input._typeFilter, types).map((filter) => filter.entry);
    const since = sinceOf(input);
    const requestedBy = exporterOf(ctx, types);
    const running = await ctx.db.selectFrom('fhirBulkExports').select((eb) => eb.fn.countAll<number | string>().as('n')).where('organizationId', '=', input.organizationId).where('state', '=', 'running').executeTakeFirstOrThrow();
    if (Number(running.n) >= MAX_RUNNING) throw new AppError('RATE_LIMITED', `${MAX_RUNNING} exports of this organization are being written: wait for one to end or cancel one`, { retryAfterSeconds: 60 });
    const now = ctx.now();
    const id = newId();
    await ctx.db
      .insertInto('fhirBulkExports')
      .values({
        id,
        organizationId: input.organizationId,
        requestedBy,
        level: input.level,
        request: input.request ?? '/$export',
        types: planText({ types, typeFilters }),
        since,
        transactionTime: now,
        state: 'running',
        typeIndex: 0,
        cursor: null,
        pages: 0,
        written: 0,
        attempts: 0,
        dueAt: now,
        lockedUntil: null,
        error: null,
        completedAt: null,
        expiresAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return { id };
  },
});
