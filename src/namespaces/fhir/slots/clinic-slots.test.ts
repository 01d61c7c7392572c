import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, ok } from '../../../../test/harness.ts';
import { booking, clinic, doctor, organization } from '../../appointments/appointments.testkit.ts';
import { schedule, schedules } from '../../practitionerSchedules/practitionerSchedules.testkit.ts';
import { assertOutcome, fhir, ids, type Json } from '../fhir-http.testkit.ts';

const NOW = Date.UTC(2030, 0, 15, 9, 0);

/** 2030-03-04 is a Monday. */
describeEachDialect(
  'FHIR R4: the Slots of every schedule of an organization (a clinic-wide search, issue 29)',
  (t) => {
    test('without schedule or schedule.actor: one day of every doctor\'s schedules, the union of the per-doctor searches, in start order; paged; other organizations\' never', async () => {
      const c = await clinic(t(), { org: await organization(t(), { timezone: 'Asia/Kolkata' }) });
      const second = await doctor(t(), c.org);
      const third = await doctor(t(), c.org);
      const monday = (startTime: string, endTime: string) => [{ weekday: 1, startTime, endTime }];
      ok(await schedules(t())('create', schedule(c.org, c.doctor.userId, { slotMinutes: 30, weeklyHours: monday('09:00', '12:00') })));
      ok(await schedules(t())('create', schedule(c.org, c.doctor.userId, { slotMinutes: 60, weeklyHours: monday('11:00', '13:00') })));
      // A third of the first doctor's, on the first one's grid from 11:00: the same two Slots, listed once.
      ok(await schedules(t())('create', schedule(c.org, c.doctor.userId, { slotMinutes: 30, weeklyHours: monday('11:00', '12:00') })));
      ok(await schedules(t())('create', schedule(c.org, second.userId, { slotMinutes: 45, weeklyHours: monday('10:00', '14:00') })));
      ok(await schedules(t())('create', schedule(c.org, third.userId, { slotMinutes: 30, weeklyHours: [{ weekday: 2, startTime: '09:00', endTime: '12:00' }] })));
      ok(await t().call('appointments', 'create', booking(c, { scheduledDate: '2030-03-04', scheduledTime: '09:30', duration: 30 })));
      ok(await t().call('appointments', 'create', booking(c, { doctorId: second.userId, scheduledDate: '2030-03-04', scheduledTime: '10:45', duration: 45 })));
      const elsewhere = await clinic(t(), { org: await organization(t(), { timezone: 'Asia/Kolkata' }) });
      ok(await schedules(t())('create', schedule(elsewhere.org, elsewhere.doctor.userId, { slotMinutes: 30, weeklyHours: monday('09:00', '17:00') })));

      const day = 'start=2030-03-04';
      const all = await fhir(t(), 'GET', `/Slot?${day}&_count=100`, { organizationId: c.org });
      assert.equal(all.status, 200, JSON.stringify(all.body));
      const perDoctor = async (doctorId: string) => (await fhir(t(), 'GET', `/Slot?schedule.actor=Practitioner/${doctorId}&${day}&_count=100`, { organizationId: c.org })).body.entry ?? [];
      const expected = [...(await perDoctor(c.doctor.userId)), ...(await perDoctor(second.userId)), ...(await perDoctor(third.userId))]
        .map((entry: Json) => entry.resource)
        .sort((a: Json, b: Json) => Date.parse(a.start) - Date.parse(b.start) || (a.id < b.id ? -1 : 1));
      // 09:00, 10:00-11:30 of the 30-minute grid, 11:00 and 12:00 of the hourly one; 10:00, 11:30, 12:15, 13:00 of the second doctor's 45-minute grid.
      assert.equal(expected.length, 11);
      assert.deepEqual(all.body.entry.map((entry: Json) => entry.resource), expected);
      assert.equal(all.body.total, 11);
      assert.equal(new Set(ids(all.body)).size, 11);
      assert.equal(new Set(expected.map((slot: Json) => slot.id.split('.')[0])).size, 2);
      assert.ok(expected.every((slot: Json) => !slot.id.startsWith(elsewhere.doctor.userId)));

      const paged: string[] = [];
      let url: string | undefined = `/Slot?${day}&_count=4`;
      while (url) {
        const page = await fhir(t(), 'GET', url, { organizationId: c.org });
        paged.push(...ids(page.body));
        const next = page.body.link.find((link: Json) => link.relation === 'next')?.url as string | undefined;
        url = next?.slice(next.indexOf('/Slot'));
      }
      assert.deepEqual(paged, expected.map((slot: Json) => slot.id));
      assert.equal((await fhir(t(), 'GET', `/Slot?${day}&status=busy`, { organizationId: c.org })).body.total, 2);
    });

    test('a clinic-wide search covers one day at most: two days are 400', async () => {
      const c = await clinic(t(), { org: await organization(t(), { timezone: 'Asia/Kolkata' }) });
      assertOutcome(await fhir(t(), 'GET', '/Slot?start=ge2030-03-04&start=le2030-03-05', { organizationId: c.org }), 400, /at most 1 day/);
      assert.equal((await fhir(t(), 'GET', '/Slot?start=ge2030-03-04&start=lt2030-03-05', { organizationId: c.org })).status, 200);
    });
  },
  { services: { now: () => NOW } },
);
