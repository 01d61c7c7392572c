import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { orgId } from '../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../test/harness.ts';
import { listenToEvents } from '../namespaces/webhooks/webhooks.testkit.ts';
import { everyone } from '../operations/audience.ts';
import { defineOperation } from '../operations/operation.ts';
import { AppError } from '../values/errors.ts';
import { id } from '../values/fields.ts';
import { emit, onEvent, type Event } from './events.ts';

const item = { id: 'item-1', itemName: 'Insulin pen', quantity: 2, minStock: 4 };

/** A change that emits `stock.low` in its transaction, then fails when asked; or emits a name no namespace declares. */
const emitThenMaybeFail = defineOperation({
  namespace: 'eventProbe',
  name: 'run',
  summary: 'Emit an event, then fail when asked',
  audience: everyone,
  writes: true,
  input: z.object({ organizationId: id(), fail: z.boolean().default(false), undeclared: z.boolean().default(false) }),
  async handler(ctx, input) {
    if (input.undeclared) {
      // @ts-expect-error: not an event of EventMap, refused at compile time and at run time
      await emit(ctx.db, ctx, input.organizationId, 'stock.vanished', { item });
    }
    await emit(ctx.db, ctx, input.organizationId, 'stock.low', { item, outOfStock: false });
    if (input.fail) throw new AppError('INVALID_STATE', 'the change failed after emitting');
    return {};
  },
});

describeEachDialect(
  'events: emitted in the transaction of the change',
  (t) => {
    const run = (input: Record<string, unknown>) => t().call('eventProbe', 'run', input);

    test('an event nobody takes (an organization unknown to the service, no subscription) changes nothing and the change goes through', async () => {
      const unknown = orgId();
      ok(await run({ organizationId: unknown }));
      const queued = await t().database.db.selectFrom('webhookDeliveries').select('id').where('organizationId', '=', unknown).execute();
      assert.deepEqual(queued, []);
    });

    test('a consumer runs inside the emitting transaction: what it writes commits with the change, or not at all', async () => {
      const org = orgId();
      const events = await listenToEvents(t(), org);
      failsWith(await run({ organizationId: org, fail: true }), 'INVALID_STATE', 409);
      assert.deepEqual(await events(), [], 'rolled back with the change');
      ok(await run({ organizationId: org }));
      assert.deepEqual(await events(), [{ type: 'stock.low', data: { item, outOfStock: false } }]);
    });

    test('a consumer added gets the organization and the event, until it is removed', async () => {
      const org = orgId();
      const seen: [string, Event][] = [];
      const remove = onEvent(async (_db, _ctx, organizationId, event) => void seen.push([organizationId, event]));
      ok(await run({ organizationId: org }));
      remove();
      ok(await run({ organizationId: org }));
      assert.deepEqual(seen, [[org, { type: 'stock.low', data: { item, outOfStock: false } }]]);
    });

    test('a name no namespace declares is refused: the change fails and nothing is emitted', async () => {
      const org = orgId();
      const events = await listenToEvents(t(), org);
      failsWith(await run({ organizationId: org, undeclared: true }), 'INTERNAL', 500);
      assert.deepEqual(await events(), []);
    });
  },
  { extraOperations: [emitThenMaybeFail] },
);
