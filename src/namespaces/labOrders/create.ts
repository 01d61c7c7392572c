import { member } from '../../operations/audience.ts';
import { organizationOfRecord } from '../../access/organization.ts';
import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { id, ts } from '../../values/fields.ts';
import { newId } from '../../values/ids.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { labOrderRecord } from './labOrders.results.ts';
import { MAX_TESTS, optionalOrganizationId, orderFields, orderStatus, priority, testInput } from './labOrders.fields.ts';
import { insertLabOrder } from './labOrders.repo.ts';
import { completion, derivedStatus, nextOrderStatus, nextTest } from './labOrders.rules.ts';
import { checkOrderReferences } from './labOrders.references.ts';
import { notifyResultsReady } from './labOrders.resultsReady.ts';

export const createInput = z.object({
  organizationId: optionalOrganizationId(),
  patientId: id(),
  tests: z.array(testInput).min(1).max(MAX_TESTS),
  status: orderStatus(),
  priority: priority(),
  ...orderFields,
  createdAt: ts().nullish(),
  updatedAt: ts().nullish(),
});

/**
 * Creates an order with its tests (each `ordered` unless given further on, stamped by the rules).
 * `status` must be the one the tests give, or `cancelled`. An order created completed notifies the
 * patient at once. Without organizationId the order is in the patient's organization.
 */
export const create = defineOperation({
  namespace: 'labOrders',
  name: 'create', audience: member(),
  summary: 'Create a lab order with its tests',
  writes: true,
  input: createInput,
  output: itemResult(labOrderRecord),
  organizationOf: organizationOfRecord('patients', 'patientId', 'patient'),
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    const doctorId = input.doctorId ?? null;
    const patient = await checkOrderReferences(ctx.db, organizationId, { patientId: input.patientId, doctorId });
    const now = ctx.now();
    const actor = { now, by: callerId(ctx.caller) };
    const tests = input.tests.map((test, i) => nextTest(undefined, test, actor, `tests.${i}`));
    const status = nextOrderStatus(input.status, derivedStatus(tests), undefined);
    const item = await insertLabOrder(
      ctx.db,
      {
        id: newId(),
        organizationId,
        selectedLabId: input.selectedLabId ?? null,
        patientId: input.patientId,
        doctorId,
        consultationId: input.consultationId ?? null,
        orderId: input.orderId ?? null,
        status,
        priority: input.priority,
        notes: input.notes ?? null,
        assignedTo: input.assignedTo ?? null,
        ...completion(status, tests, input, undefined),
        createdAt: input.createdAt ?? now,
        updatedAt: input.updatedAt ?? now,
      },
      tests,
    );
    if (status === 'completed' && patient) await notifyResultsReady(ctx, item, patient);
    return { item };
  },
});
