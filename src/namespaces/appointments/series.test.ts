import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { addDays } from '../../time/zone.ts';
import { schedule, schedules } from '../practitionerSchedules/practitionerSchedules.testkit.ts';
import { appointments, booking, clinic, doctor, organization, patient, type Clinic } from './appointments.testkit.ts';

const NOW = Date.UTC(2030, 0, 15, 9, 0);
let clock = NOW;

interface Item { id: string; scheduledDate: string; seriesId: string | null; status: string }

describeEachDialect(
  'appointments: recurring series',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>, token?: string) => appointments(t())(apiName, data, token);
    let c: Clinic;
    let week = 0;
    /** a Monday of its own for each test, so that the tests' series never meet */
    const nextMonday = () => addDays('2030-03-04', 7 * 60 * ++week);
    const weekly = (count: number, interval = 1) => ({ frequency: 'weekly', interval, count });
    const stored = (seriesId: string) =>
      t().database.db.selectFrom('appointments').select(['id', 'stage']).where('seriesId', '=', seriesId).execute();

    before(async () => {
      c = await clinic(t());
    });

    test('a weekly series books every occurrence a week apart, one seriesId on each', async () => {
      const first = nextMonday();
      const data = ok(await call('createSeries', booking(c, { scheduledDate: first, scheduledTime: '11:00', repeat: weekly(4) })));
      const items = data.items as Item[];
      assert.deepEqual(items.map((i) => i.scheduledDate), [0, 7, 14, 21].map((d) => addDays(first, d)));
      assert.ok(items.every((i) => i.seriesId === data.seriesId && i.status === 'scheduled'));
      assert.equal((await stored(data.seriesId)).length, 4);
      const fortnightly = ok(await call('createSeries', booking(c, { scheduledDate: first, scheduledTime: '12:00', repeat: weekly(2, 2) })));
      assert.deepEqual((fortnightly.items as Item[]).map((i) => i.scheduledDate), [first, addDays(first, 14)]);
    });

    test('one clash refuses the whole series, naming each refused occurrence and the appointment in the way', async () => {
      const first = nextMonday();
      const other = await doctor(t(), c.org);
      const doctorBusy = ok(await call('create', booking(c, { patientId: await patient(t(), c.org), scheduledDate: addDays(first, 14), scheduledTime: '10:15' }))).item;
      const patientBusy = ok(await call('create', booking(c, { doctorId: other.userId, scheduledDate: addDays(first, 28), scheduledTime: '09:45' }))).item;
      const error = failsWith(await call('createSeries', booking(c, { scheduledDate: first, scheduledTime: '10:00', repeat: weekly(6) })), 'CONFLICT', 409);
      assert.deepEqual(
        error.details?.map((d) => [d.path, (d as { recordId?: string }).recordId]),
        [['occurrences.2.doctorId', doctorBusy.id], ['occurrences.4.patientId', patientBusy.id]],
      );
      assert.match(error.details?.[0]?.message ?? '', new RegExp(addDays(first, 14)));
      const booked = await t().database.db.selectFrom('appointments').select('id').where('organizationId', '=', c.org).where('scheduledTime', '=', '10:00').where('scheduledDate', '>=', first).execute();
      assert.deepEqual(booked, [], 'nothing of the refused series is stored');
    });

    test('outside the doctor\'s schedule: INVALID_STATE naming the days off, nothing booked', async () => {
      const org = await organization(t());
      const s = await clinic(t(), { org });
      ok(await schedules(t())('create', schedule(org, s.doctor.userId, { weeklyHours: [{ weekday: 1, startTime: '09:00', endTime: '12:00' }] })));
      const error = failsWith(await call('createSeries', booking(s, { scheduledDate: '2030-03-04', repeat: { frequency: 'daily', count: 3 } })), 'INVALID_STATE', 409);
      assert.deepEqual(error.details?.map((d) => d.path.split('.').slice(0, 2).join('.')), ['occurrences.1', 'occurrences.2']);
      ok(await call('createSeries', booking(s, { scheduledDate: '2030-03-04', repeat: weekly(3) })));
    });

    test('bounds: 2 to 52 occurrences, every 1 to 12, within a year of the first', async () => {
      const first = nextMonday();
      for (const repeat of [weekly(1), weekly(53), weekly(3, 0), weekly(3, 13), { frequency: 'monthly', count: 3 }]) {
        failsWith(await call('createSeries', booking(c, { scheduledDate: first, repeat })), 'VALIDATION_FAILED', 400);
      }
      const error = failsWith(await call('createSeries', booking(c, { scheduledDate: first, repeat: weekly(28, 2) })), 'VALIDATION_FAILED', 400);
      assert.equal(error.details?.[0]?.path, 'repeat.count');
      const longest = ok(await call('createSeries', booking(c, { scheduledDate: first, scheduledTime: '16:00', repeat: weekly(27, 2) })));
      assert.equal(longest.items.at(-1).scheduledDate, addDays(first, 364));
    });

    test('cancelSeries cancels what has not begun from a date on, with its reason, and leaves the rest', async () => {
      const first = nextMonday();
      const data = ok(await call('createSeries', booking(c, { scheduledDate: first, scheduledTime: '14:00', repeat: weekly(4) })));
      const [a, b, d] = data.items as Item[];
      clock = Date.parse(`${b!.scheduledDate}T13:50:00Z`);
      ok(await call('checkIn', { id: b!.id, organizationId: c.org }));
      clock = NOW;
      const cancelled = ok(await call('cancelSeries', { seriesId: data.seriesId, organizationId: c.org, reason: 'therapy ended', fromDate: addDays(first, 1) }));
      assert.deepEqual((cancelled.items as Item[]).map((i) => i.scheduledDate), [addDays(first, 14), addDays(first, 21)]);
      const stages = new Map((await stored(data.seriesId)).map((r) => [r.id, r.stage]));
      assert.deepEqual([a, b, d].map((i) => stages.get(i!.id)), ['scheduled', 'checked_in', 'cancelled']);
      const got = ok(await call('getById', { id: d!.id, organizationId: c.org })).item;
      assert.equal(got.cancelledReason, 'therapy ended');
      assert.equal(got.history.at(-1).operation, 'cancel');
      // the freed time can be booked again
      ok(await call('create', booking(c, { patientId: await patient(t(), c.org), scheduledDate: d!.scheduledDate, scheduledTime: '14:00' })));
    });

    test('another organization\'s series is NOT_FOUND; a nurse may not book or cancel a series', async () => {
      const data = ok(await call('createSeries', booking(c, { scheduledDate: nextMonday(), scheduledTime: '15:00', repeat: weekly(2) })));
      const elsewhere = (await clinic(t())).org;
      const stranger = await signIn(t(), { organizationId: elsewhere, roles: ['admin'] });
      failsWith(await call('cancelSeries', { seriesId: data.seriesId, organizationId: elsewhere, reason: 'x' }, stranger.token), 'NOT_FOUND', 404);
      const nurse = await signIn(t(), { organizationId: c.org, roles: ['nurse'] });
      failsWith(await call('cancelSeries', { seriesId: data.seriesId, organizationId: c.org, reason: 'x' }, nurse.token), 'FORBIDDEN', 403);
      failsWith(await call('createSeries', booking(c, { scheduledDate: nextMonday(), repeat: weekly(2) }), nurse.token), 'FORBIDDEN', 403);
      assert.equal((await stored(data.seriesId)).filter((r) => r.stage === 'scheduled').length, 2);
    });
  },
  { services: { now: () => clock } },
);
