import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';

// 12:00 UTC on 1 March is already 2 March on Kiritimati (UTC+14) and still 1 March in UTC.
const now = Date.parse('2026-03-01T12:00:00Z');

describeEachDialect(
  'a person\'s "today" follows their device\'s time zone',
  (t) => {
    test('without a device, today is taken in the service zone', async () => {
      const person = newId();
      assert.equal(ok(await t().call('calorieLogs', 'getTodayLog', { idpUserId: person })).item.date, '2026-03-01');
    });

    test('with an active device in another zone, today is that zone\'s date; an inactive one is ignored', async () => {
      const person = newId();
      const device = ok(
        await t().call('pushDevices', 'create', { idpUserId: person, platform: 'ios', providerPushToken: `tok-${person}`, timezone: 'Pacific/Kiritimati' }),
      ).item;
      assert.equal(ok(await t().call('calorieLogs', 'getTodayLog', { idpUserId: person })).item.date, '2026-03-02');
      await t().database.db.updateTable('pushDevices').set({ isActive: false }).where('id', '=', device.id).execute();
      assert.equal(ok(await t().call('calorieLogs', 'getTodayLog', { idpUserId: person })).item.date, '2026-03-01');
    });
  },
  { services: { now: () => now } },
);
