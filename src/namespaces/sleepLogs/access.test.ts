import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { newId } from '../../values/ids.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';

/** Minimal valid input of every sleepLogs operation, besides idpUserId (logId is filled in per call). */
const operations: [string, Record<string, unknown>][] = [
  ['deleteSleepLog', {}],
  ['getSleepHistory', {}],
  ['getSleepPreferences', {}],
  ['getSleepStats', { days: 7 }],
  ['getTodaySleep', {}],
  ['getWeeklySleepSummary', {}],
  ['logSleep', { date: '2026-03-01', hoursSlept: 6 }],
  ['updateSleepPreferences', { sleepTime: '23:00', wakeTime: '07:00' }],
];

async function seed(t: TestApp, idpUserId: string): Promise<string> {
  const { item } = ok(await t.call('sleepLogs', 'logSleep', { idpUserId, date: '2026-02-28', hoursSlept: 8 }));
  return item.id as string;
}

describeEachDialect('sleepLogs: own records only', (t) => {
  test('every operation is listed here', () => {
    assert.equal(operations.length, 8);
  });

  for (const [apiName, data] of operations) {
    test(`${apiName}: another person's records (also to its organization's admin) are FORBIDDEN; own, platform admin and no token reach them`, async () => {
      const organizationId = orgId();
      const owner = await signIn(t(), { organizationId, roles: ['patient'] });
      const stranger = await signIn(t(), { organizationId: null, roles: ['patient'] });
      // Wellness logs are the person's own, not the organization's: its admin does not reach them.
      const organizationAdmin = await signIn(t(), { organizationId, roles: ['admin'] });
      const logId = await seed(t(), owner.idpUserId);
      const input = { idpUserId: owner.idpUserId, ...data, ...(apiName === 'deleteSleepLog' ? { logId } : {}) };

      failsWith(await t().call('sleepLogs', apiName, input, { token: stranger.token }), 'FORBIDDEN', 403);
      failsWith(await t().call('sleepLogs', apiName, input, { token: organizationAdmin.token }), 'FORBIDDEN', 403);
      failsWith(await t().call('sleepLogs', apiName, input, { token: await tokenFor(t(), newId()) }), 'FORBIDDEN', 403);
      const history = ok(await t().call('sleepLogs', 'getSleepHistory', { idpUserId: owner.idpUserId })).items;
      assert.deepEqual(history.map((l: { id: string; hoursSlept: number }) => [l.id, l.hoursSlept]), [[logId, 8]], 'the refused call changed nothing');
      assert.equal(ok(await t().call('sleepLogs', 'getSleepPreferences', { idpUserId: owner.idpUserId })).id, null);

      const admin = await platformAdmin(t());
      for (const token of [owner.token, undefined, admin.token]) {
        const fresh = apiName === 'deleteSleepLog' ? { logId: await seed(t(), owner.idpUserId) } : {};
        ok(await t().call('sleepLogs', apiName, { ...input, ...fresh }, token ? { token } : {}));
      }
    });
  }

  test("with their own token, a person cannot delete another person's log by naming it (NOT_FOUND)", async () => {
    const owner = await signIn(t(), { organizationId: null, roles: ['patient'] });
    const other = newId();
    const theirs = await seed(t(), other);
    failsWith(await t().call('sleepLogs', 'deleteSleepLog', { idpUserId: owner.idpUserId, logId: theirs }, { token: owner.token }), 'NOT_FOUND', 404);
    assert.equal(ok(await t().call('sleepLogs', 'getSleepHistory', { idpUserId: other })).items.length, 1);
  });

  test('an invalid token is UNAUTHENTICATED', async () => {
    failsWith(await t().call('sleepLogs', 'getTodaySleep', { idpUserId: newId() }, { token: 'not-a-token' }), 'UNAUTHENTICATED', 401);
  });
});
