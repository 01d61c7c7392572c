import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { schedule, schedules } from '../practitionerSchedules/practitionerSchedules.testkit.ts';
import { appointments, booking, clinic, organization, patient } from './appointments.testkit.ts';

const NOW = Date.UTC(2030, 0, 15, 9, 0);

interface Slot { date: string; time: string; duration: number }

/**
 * Many clients at once each search the free slots and book the first one they were offered (as an
 * app does): a slot is booked at most once, every slot ends up booked, and the search then offers
 * nothing; the losers get CONFLICT, never a double booking.
 */
describeEachDialect(
  'appointments: slot search and booking under concurrent load',
  (t) => {
    test('24 clients race for 8 slots: 8 bookings, no overlap, no slot left', async () => {
      const c = await clinic(t(), { org: await organization(t(), { timezone: 'Asia/Kolkata' }) });
      // Monday 2030-03-04, 09:00-11:00 in 15-minute slots
      ok(await schedules(t())('create', schedule(c.org, c.doctor.userId, { slotMinutes: 15, weeklyHours: [{ weekday: 1, startTime: '09:00', endTime: '11:00' }] })));
      const call = appointments(t());
      const find = async () =>
        ok(await call('findSlots', { organizationId: c.org, doctorId: c.doctor.userId, dateFrom: '2030-03-04', dateTo: '2030-03-04' })).items as Slot[];
      assert.equal((await find()).length, 8);
      const patients = await Promise.all(Array.from({ length: 24 }, () => patient(t(), c.org)));

      /** One client: search, try the first offered slot, search again after a CONFLICT, give up when nothing is offered. */
      const client = async (patientId: string, index: number): Promise<'booked' | 'none'> => {
        for (;;) {
          const slots = await find();
          const slot = slots[index % Math.max(1, slots.length)];
          if (!slot) return 'none';
          const answer = await call('create', booking(c, { patientId, scheduledDate: slot.date, scheduledTime: slot.time, duration: slot.duration }));
          if (answer.statusCode === 200) return 'booked';
          assert.equal(answer.body.error.code, 'CONFLICT', JSON.stringify(answer.body));
        }
      };
      const outcomes = await Promise.all(patients.map((p, i) => client(p, i)));
      assert.equal(outcomes.filter((o) => o === 'booked').length, 8);
      assert.deepEqual(await find(), []);
      const rows = await t().database.db
        .selectFrom('appointments')
        .select(['startMinute', 'endMinute'])
        .where('doctorId', '=', c.doctor.userId)
        .orderBy('startMinute')
        .execute();
      assert.equal(rows.length, 8);
      rows.slice(1).forEach((row, i) => assert.ok(Number(row.startMinute) >= Number(rows[i]!.endMinute), 'no two appointments overlap'));
    });
  },
  { services: { now: () => NOW } },
);
