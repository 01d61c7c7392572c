import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { platformAdmin } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { appointments, booking, clinic, organization, type Clinic } from './appointments.testkit.ts';

/** Asia/Kolkata is UTC+05:30: local 2030-03-10 10:00 is 04:30 UTC. */
const at = (local: string) => Date.parse(`${local}:00+05:30`);
const NOW = at('2030-03-10T10:00');
let clock = NOW;

describeEachDialect(
  'appointments: a visit\'s steps on its day (docs/appointments.md, "On the day")',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => appointments(t())(apiName, data);
    let c: Clinic;
    let time = 0;
    /** A time of its own for each booking, so that they never clash. */
    const nextTime = () => `${String(8 + Math.floor(time / 4)).padStart(2, '0')}:${String((time++ % 4) * 15).padStart(2, '0')}`;
    const book = async (scheduledDate: string, data: Record<string, unknown> = {}) =>
      ok(await call('create', booking(c, { scheduledDate, scheduledTime: nextTime(), duration: 15, ...data }))).item;
    const move = (apiName: string, id: string, data: Record<string, unknown> = {}) => call(apiName, { id, organizationId: c.org, ...data });
    const get = async (id: string) => ok(await call('getById', { id, organizationId: c.org })).item;
    const setEarlyDays = async (earlyCheckInDays: number | null) =>
      ok(await t().call('organizations', 'update', { id: c.org, settings: { earlyCheckInDays } })).item.settings.earlyCheckInDays;

    before(async () => {
      c = await clinic(t(), { org: await organization(t(), { timezone: 'Asia/Kolkata' }) });
    });

    test('checking in, starting or completing before the appointment\'s day is INVALID_STATE naming its date, and changes nothing', async () => {
      clock = NOW;
      const tomorrow = await book('2030-03-11');
      for (const apiName of ['checkIn', 'start', 'complete']) {
        const error = failsWith(await move(apiName, tomorrow.id), 'INVALID_STATE', 409);
        assert.match(error.message, /scheduled on 2030-03-11/);
        assert.match(error.message, /today is 2030-03-10 in Asia\/Kolkata/);
        assert.equal(error.details?.[0]?.path, 'scheduledDate');
      }
      assert.deepEqual(await get(tomorrow.id), tomorrow);
    });

    test('on the day every step is allowed, and later ones too: yesterday\'s visit is completed today', async () => {
      clock = NOW;
      const today = await book('2030-03-10', { scheduledTime: '17:00' });
      assert.equal(ok(await move('checkIn', today.id)).item.status, 'checked_in');
      assert.equal(ok(await move('start', today.id)).item.status, 'in_consultation');
      assert.equal(ok(await move('complete', today.id)).item.status, 'completed');
      const yesterday = await book('2030-03-09');
      assert.equal(ok(await move('complete', yesterday.id)).item.status, 'completed');
      const lastWeek = await book('2030-03-03');
      assert.equal(ok(await move('checkIn', lastWeek.id)).item.status, 'checked_in');
    });

    test('the day is the organization\'s: at 20:00 UTC it is already the next day in Asia/Kolkata, not in UTC', async () => {
      clock = Date.parse('2030-03-10T20:00:00Z');
      const inKolkata = await book('2030-03-11');
      assert.equal(ok(await move('checkIn', inKolkata.id)).item.status, 'checked_in');
      const utc = await clinic(t(), { org: await organization(t(), { timezone: 'UTC' }) });
      const inUtc = ok(await call('create', booking(utc, { scheduledDate: '2030-03-11', scheduledTime: '09:00' }))).item;
      const error = failsWith(await call('checkIn', { id: inUtc.id, organizationId: utc.org }), 'INVALID_STATE', 409);
      assert.match(error.message, /today is 2030-03-10 in UTC/);
      clock = NOW;
    });

    test('earlyCheckInDays lets the organization check patients in that many days ahead, no more', async () => {
      clock = NOW;
      const inTwoDays = await book('2030-03-12');
      const inThreeDays = await book('2030-03-13');
      try {
        assert.equal(await setEarlyDays(2), 2);
        assert.equal(ok(await move('checkIn', inTwoDays.id)).item.status, 'checked_in');
        assert.equal(ok(await move('start', inTwoDays.id)).item.status, 'in_consultation');
        const error = failsWith(await move('checkIn', inThreeDays.id), 'INVALID_STATE', 409);
        assert.match(error.message, /from 2030-03-11 on \(earlyCheckInDays 2\)/);
      } finally {
        assert.equal(await setEarlyDays(null), 0);
      }
      failsWith(await move('checkIn', inThreeDays.id), 'INVALID_STATE', 409);
    });

    test('the same refusal whichever operation makes the move: update with a status, markPaymentSuccess', async () => {
      clock = NOW;
      const tomorrow = await book('2030-03-11');
      for (const status of ['checked_in', 'in_consultation', 'completed', 'no_show']) {
        const error = failsWith(await move('update', tomorrow.id, { status }), 'INVALID_STATE', 409);
        assert.match(error.message, /scheduled on 2030-03-11/);
      }
      failsWith(await move('markPaymentSuccess', tomorrow.id, { status: 'checked_in' }), 'INVALID_STATE', 409);
      assert.deepEqual(await get(tomorrow.id), tomorrow);
      // A label within the stage is no move; a walk-in moved to today is checked in at once.
      assert.equal(ok(await move('update', tomorrow.id, { status: 'reminded' })).item.status, 'reminded');
      const walkIn = ok(await move('update', tomorrow.id, { scheduledDate: '2030-03-10', scheduledTime: '16:00', status: 'checked_in' })).item;
      assert.deepEqual([walkIn.scheduledDate, walkIn.status], ['2030-03-10', 'checked_in']);
    });

    test('a visit that began is not moved to a later day by update', async () => {
      clock = NOW;
      const a = await book('2030-03-10');
      ok(await move('checkIn', a.id));
      const checkedIn = await get(a.id);
      const error = failsWith(await move('update', a.id, { scheduledDate: '2030-03-12' }), 'INVALID_STATE', 409);
      assert.match(error.message, /scheduled on 2030-03-12/);
      assert.deepEqual(await get(a.id), checkedIn);
      assert.equal(ok(await move('update', a.id, { notes: 'in room 2' })).item.notes, 'in room 2');
      assert.equal(ok(await move('update', a.id, { scheduledTime: '07:00' })).item.scheduledTime, '07:00');
    });

    test('a no-show only from the appointment\'s time on, by markNoShow or update', async () => {
      clock = NOW;
      const later = await book('2030-03-10', { scheduledTime: '18:30' });
      const error = failsWith(await move('markNoShow', later.id), 'INVALID_STATE', 409);
      assert.match(error.message, /scheduled on 2030-03-10 at 18:30: the patient is a no-show only from then on; it is 2030-03-10 10:00 in Asia\/Kolkata/);
      failsWith(await move('update', later.id, { status: 'no_show' }), 'INVALID_STATE', 409);
      clock = at('2030-03-10T18:30');
      assert.equal(ok(await move('markNoShow', later.id)).item.status, 'no_show');
      clock = NOW;
    });
  },
  { services: { now: () => clock } },
);

describeEachDialect('organizations: the earlyCheckInDays setting', (t) => {
  const create = (settings: unknown) => t().call('organizations', 'create', { name: 'Clinic', slug: `c-${String(Math.random()).slice(2, 12)}`, type: 'clinic', settings });

  test('0 by default, a whole number of days from 0 to 30; anything else is VALIDATION_FAILED on its path', async () => {
    const plain = ok(await create({})).item;
    assert.equal(plain.settings.earlyCheckInDays, 0);
    assert.equal(ok(await create({ earlyCheckInDays: 30 })).item.settings.earlyCheckInDays, 30);
    for (const earlyCheckInDays of [-1, 31, 1.5, '2', true]) {
      const error = failsWith(await create({ earlyCheckInDays }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details?.map((d) => d.path), ['settings.earlyCheckInDays']);
      failsWith(await t().call('organizations', 'update', { id: plain.id, settings: { earlyCheckInDays } }), 'VALIDATION_FAILED', 400);
    }
    const updated = ok(await t().call('organizations', 'update', { id: plain.id, settings: { earlyCheckInDays: 7 } })).item;
    assert.deepEqual(updated.settings, { ...plain.settings, earlyCheckInDays: 7 });
  });

  test('a stored value out of bounds reads as the default', async () => {
    const { id } = ok(await create({ earlyCheckInDays: 3 })).item;
    await t().database.db.updateTable('organizations').set({ settings: JSON.stringify({ earlyCheckInDays: 400 }) }).where('id', '=', id).execute();
    const admin = await platformAdmin(t());
    assert.equal(ok(await t().call('organizations', 'getById', { id }, { token: admin.token })).item.settings.earlyCheckInDays, 0);
  });
});
