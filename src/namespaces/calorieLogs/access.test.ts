import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { newId } from '../../values/ids.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

/** Minimal valid input of every calorieLogs operation, besides idpUserId. */
const operations: [string, Record<string, unknown>][] = [
  ['addFood', { name: 'Tea', calories: 30 }],
  ['addFoodsFromAI', { foods: [{ name: 'Tea', calories: 30 }] }],
  ['clearTodayLog', {}],
  ['getCalorieHistory', {}],
  ['getCalorieSummary', {}],
  ['getTodayLog', {}],
  ['getWeeklyCalorieStats', {}],
  ['removeFood', { foodIndex: 0 }],
  ['updateDailyGoal', { dailyGoal: 1800 }],
];

describeEachDialect('calorieLogs: own records only', (t) => {
  test('every operation is listed here', () => {
    assert.equal(operations.length, 9);
  });

  for (const [apiName, data] of operations) {
    test(`${apiName}: another person's records (also to its organization's admin) are FORBIDDEN; own, platform admin and no token reach them`, async () => {
      const organizationId = orgId();
      const owner = await signIn(t(), { organizationId, roles: ['patient'] });
      const stranger = await signIn(t(), { organizationId: null, roles: ['patient'] });
      // Wellness logs are the person's own, not the organization's: its admin does not reach them.
      const organizationAdmin = await signIn(t(), { organizationId, roles: ['admin'] });
      const input = { idpUserId: owner.idpUserId, ...data };
      const before = ok(await t().call('calorieLogs', 'addFood', { idpUserId: owner.idpUserId, name: 'Seed', calories: 1 }, { token: owner.token }));
      assert.equal(before.item.entries.length, 1);

      failsWith(await t().call('calorieLogs', apiName, input, { token: stranger.token }), 'FORBIDDEN', 403);
      failsWith(await t().call('calorieLogs', apiName, input, { token: organizationAdmin.token }), 'FORBIDDEN', 403);
      // A person with a token but no user record anywhere (a patient's own account).
      failsWith(await t().call('calorieLogs', apiName, input, { token: await tokenFor(t(), newId()) }), 'FORBIDDEN', 403);
      const after = ok(await t().call('calorieLogs', 'getTodayLog', { idpUserId: owner.idpUserId }, { token: owner.token })).item;
      assert.deepEqual(after, before.item, 'the refused call changed nothing');

      const admin = await platformAdmin(t());
      for (const token of [owner.token, undefined, admin.token]) {
        ok(await t().call('calorieLogs', 'addFood', { idpUserId: owner.idpUserId, name: 'Seed', calories: 1 }));
        ok(await t().call('calorieLogs', apiName, input, token ? { token } : {}));
      }
    });
  }

  test('an invalid token is UNAUTHENTICATED', async () => {
    failsWith(await t().call('calorieLogs', 'getTodayLog', { idpUserId: newId() }, { token: 'not-a-token' }), 'UNAUTHENTICATED', 401);
  });
});
