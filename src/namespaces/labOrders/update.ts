import { member } from '../../operations/audience.ts';
import { organizationOfRecord } from '../../access/organization.ts';
import { z } from 'zod';
import { callerId } from '../../caller/caller.ts';
import { AppError, notFound, validationFailed } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { labOrderRecord } from './labOrders.results.ts';
import { createInput } from './create.ts';
import type { orderFields, TestInput } from './labOrders.fields.ts';
import { lockLabOrder, saveLabOrder, storedTest, type StoredTest } from './labOrders.repo.ts';
import { completion, derivedStatus, nextOrderStatus, nextTest, testsMoved, type Actor } from './labOrders.rules.ts';
import { checkOrderReferences } from './labOrders.references.ts';
import { notifyResultsReady } from './labOrders.resultsReady.ts';

/** The create input, every field optional (omitted: unchanged), and the order's id. */
export const updateInput = z.object({ id: id() }).extend(createInput.partial().shape);

/**
 * `tests` lists the order's tests by position: element i changes the stored test i (fields
 * omitted unchanged, `{}` leaves it as it is), elements past the stored ones are new tests. The
 * list must cover every stored test (tests are never removed; cancel the order instead).
 */
function applyTests(before: StoredTest[], changes: TestInput[] | undefined, actor: Actor): StoredTest[] {
  if (!changes) return before;
  if (changes.length < before.length) {
    throw validationFailed('tests', `must list every test of the order (${before.length}), in order; send {} for a test left as it is`);
  }
  return changes.map((change, i) => {
    const stored = before[i];
    if (change.id !== undefined && change.id !== stored?.id) throw validationFailed(`tests.${i}.id`, 'is not the id of the test at this position');
    return nextTest(stored, change, actor, `tests.${i}`);
  });
}

/** Updates an order and moves its tests by the status rules; the order's status follows them. `id` alone finds it. */
export const update = defineOperation({
  namespace: 'labOrders',
  name: 'update', audience: member(),
  summary: 'Update a lab order and move its tests',
  writes: true,
  input: updateInput,
  output: itemResult(labOrderRecord),
  organizationOf: organizationOfRecord('labOrders', 'id', 'lab order'),
  async handler(ctx, input) {
    const organizationId = ctx.organizationId!;
    const current = await lockLabOrder(ctx.db, ctx.dialect, organizationId, input.id);
    if (!current) throw notFound('lab order');
    const { tests: storedTests, ...currentFields } = current;
    const patientId = input.patientId ?? current.patientId;
    const doctorId = input.doctorId !== undefined ? input.doctorId : current.doctorId;
    const patient = await checkOrderReferences(ctx.db, organizationId, { patientId, doctorId }, current);

    const now = ctx.now();
    const before = storedTests.map(storedTest);
    const after = applyTests(before, input.tests, { now, by: callerId(ctx.caller) });
    if (current.status === 'completed' || current.status === 'cancelled') {
      if (after.length > before.length) throw new AppError('INVALID_STATE', `tests: tests cannot be added to a ${current.status} order`);
      if (current.status === 'cancelled' && testsMoved(before, after)) throw new AppError('INVALID_STATE', 'tests: the tests of a cancelled order do not move');
    }
    const status = nextOrderStatus(input.status, derivedStatus(after), current.status);
    const changed = <K extends keyof typeof orderFields>(key: K) => (input[key] !== undefined ? input[key] : current[key]);
    const item = await saveLabOrder(
      ctx.db,
      {
        ...currentFields,
        patientId,
        doctorId,
        selectedLabId: changed('selectedLabId'),
        consultationId: changed('consultationId'),
        orderId: changed('orderId'),
        notes: changed('notes'),
        assignedTo: changed('assignedTo'),
        priority: input.priority ?? current.priority,
        status,
        ...completion(status, after, input, current),
        createdAt: input.createdAt ?? current.createdAt,
        updatedAt: input.updatedAt ?? now,
      },
      storedTests,
      after,
    );
    if (status === 'completed' && current.status !== 'completed' && patient) await notifyResultsReady(ctx, item, patient);
    return { item };
  },
});
