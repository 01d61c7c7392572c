import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { schedule, schedules } from '../practitionerSchedules/practitionerSchedules.testkit.ts';
import { appointments, bookAt, booking, clinic, doctor, organization, type Clinic } from './appointments.testkit.ts';

const NOW = Date.UTC(2030, 0, 15, 9, 0);
let clock = NOW;

/** 2030-03-04 is a Monday; 2030-03-31 the spring-forward Sunday in Europe/Berlin, 2030-10-27 the fall-back one. */
describeEachDialect(
  'appointments.findSlots and bookings within the schedule',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>, token?: string) => appointments(t())(apiName, data, token);
    const times = (data: { items: { date: string; time: string }[] }) => data.items.map((s) => `${s.date} ${s.time}`);
    const find = async (c: Clinic, data: Record<string, unknown>) =>
      ok(await call('findSlots', { organizationId: c.org, doctorId: c.doctor.userId, ...data }));

    async function scheduled(data: Record<string, unknown> = {}, orgData: Record<string, unknown> = {}) {
      const c = await clinic(t(), { org: await organization(t(), { timezone: 'Europe/Berlin', ...orgData }) });
      ok(await schedules(t())('create', schedule(c.org, c.doctor.userId, data)));
      return c;
    }
    const morning = (slotMinutes = 60) => ({ slotMinutes, weeklyHours: [{ weekday: 1, startTime: '09:00', endTime: '12:00' }, { weekday: 0, startTime: '01:00', endTime: '04:00' }] });

    test('slots of the weekly hours, less appointments, live holds, reserved blocks and leave; an expired hold frees its slot', async () => {
      clock = NOW;
      const c = await scheduled({ ...morning(), exceptions: [{ kind: 'leave', dateFrom: '2030-03-18' }, { kind: 'extra', dateFrom: '2030-03-16', startTime: '10:00', endTime: '11:00' }] });
      const all = await find(c, { dateFrom: '2030-03-04', dateTo: '2030-03-18' });
      assert.deepEqual(all.items[0], { doctorId: c.doctor.userId, date: '2030-03-04', time: '09:00', duration: 60 });
      assert.deepEqual(times(all).filter((s) => !s.endsWith('01:00') && !s.endsWith('02:00') && !s.endsWith('03:00')), [
        '2030-03-04 09:00', '2030-03-04 10:00', '2030-03-04 11:00',
        '2030-03-11 09:00', '2030-03-11 10:00', '2030-03-11 11:00',
        '2030-03-16 10:00',
      ]);
      ok(await call('create', booking(c, { scheduledDate: '2030-03-04', scheduledTime: '09:30', duration: 30 })));
      ok(await call('createPending', booking(c, { scheduledDate: '2030-03-11', scheduledTime: '10:00', duration: 60 })));
      await bookAt(t(), booking(c, { scheduledDate: '2030-03-11', scheduledTime: '11:00', duration: 60 }), 'cancelled');
      ok(await call('createReservedSlotByDoctor', { doctorId: c.doctor.userId, slotDate: '2030-03-04', startTime: ['11:30'], endTime: ['11:45'] }));
      const mondays = { dateFrom: '2030-03-04', dateTo: '2030-03-11' };
      const daytime = (data: { items: { date: string; time: string }[] }) => times(data).filter((s) => s.slice(11) >= '09:00');
      assert.deepEqual(daytime(await find(c, mondays)), ['2030-03-04 10:00', '2030-03-11 09:00', '2030-03-11 11:00']);
      clock = NOW + (t().config.appointments.holdMinutes + 1) * 60_000;
      assert.deepEqual(daytime(await find(c, mondays)), ['2030-03-04 10:00', '2030-03-11 09:00', '2030-03-11 10:00', '2030-03-11 11:00']);
      clock = NOW;
      // 30 minutes on the hourly grid: 09:00-09:30 and 11:00-11:30 are free beside the booking and the block.
      assert.deepEqual(daytime(await find(c, { ...mondays, duration: 30 })), [
        '2030-03-04 09:00', '2030-03-04 10:00', '2030-03-04 11:00', '2030-03-11 09:00', '2030-03-11 11:00',
      ]);
    });

    test('spring-forward day in Europe/Berlin: no slot in the missing hour; fall-back day: each wall-clock slot once', async () => {
      clock = NOW;
      const c = await scheduled(morning());
      assert.deepEqual(times(await find(c, { dateFrom: '2030-03-31', dateTo: '2030-03-31' })), ['2030-03-31 01:00', '2030-03-31 03:00']);
      assert.deepEqual(times(await find(c, { dateFrom: '2030-10-27', dateTo: '2030-10-27' })), ['2030-10-27 01:00', '2030-10-27 02:00', '2030-10-27 03:00']);
      failsWith(await call('create', booking(c, { scheduledDate: '2030-03-31', scheduledTime: '02:00', duration: 30 })), 'INVALID_STATE', 409);
      ok(await call('create', booking(c, { scheduledDate: '2030-03-31', scheduledTime: '03:00', duration: 30 })));
    });

    test('slots already begun are not offered', async () => {
      const c = await scheduled(morning());
      clock = Date.UTC(2030, 2, 4, 9, 30); // 10:30 in Berlin
      assert.deepEqual(times(await find(c, { dateFrom: '2030-03-04', dateTo: '2030-03-04' })), ['2030-03-04 11:00']);
      clock = NOW;
    });

    test('by service: every doctor with a schedule for it; a doctor\'s service-less schedule counts for the doctor', async () => {
      clock = NOW;
      const c = await scheduled(morning());
      const colleague = await doctor(t(), c.org);
      const service = ok(await t().call('services', 'create', { organizationId: c.org, name: 'Consult', category: 'consultation', price: 500 })).item;
      ok(await schedules(t())('create', schedule(c.org, colleague.userId, { serviceId: service.id, slotMinutes: 90, weeklyHours: [{ weekday: 1, startTime: '09:00', endTime: '12:00' }] })));
      const byService = ok(await call('findSlots', { organizationId: c.org, serviceId: service.id, dateFrom: '2030-03-04', dateTo: '2030-03-04' }));
      assert.deepEqual(byService.items, [
        { doctorId: colleague.userId, date: '2030-03-04', time: '09:00', duration: 90 },
        { doctorId: colleague.userId, date: '2030-03-04', time: '10:30', duration: 90 },
      ]);
      const own = await find(c, { serviceId: service.id, dateFrom: '2030-03-04', dateTo: '2030-03-04' });
      assert.equal(own.items.length, 3);
    });

    test('validation: doctorId or serviceId, dateTo after dateFrom, at most 31 days; public, no patient data', async () => {
      clock = NOW;
      const c = await scheduled(morning());
      failsWith(await call('findSlots', { organizationId: c.org, dateFrom: '2030-03-04', dateTo: '2030-03-04' }), 'VALIDATION_FAILED', 400);
      failsWith(await call('findSlots', { organizationId: c.org, doctorId: c.doctor.userId, dateFrom: '2030-03-04', dateTo: '2030-03-03' }), 'VALIDATION_FAILED', 400);
      failsWith(await call('findSlots', { organizationId: c.org, doctorId: c.doctor.userId, dateFrom: '2030-03-01', dateTo: '2030-04-01' }), 'VALIDATION_FAILED', 400);
      failsWith(await call('findSlots', { organizationId: c.org, doctorId: c.doctor.userId, dateFrom: '2030-03-01', dateTo: '2030-03-31', duration: 0 }), 'VALIDATION_FAILED', 400);
      ok(await call('create', booking(c, { scheduledDate: '2030-03-04', scheduledTime: '09:00', duration: 60 })));
      const answer = ok(await call('findSlots', { organizationId: c.org, doctorId: c.doctor.userId, dateFrom: '2030-03-01', dateTo: '2030-03-31' }));
      assert.ok(answer.items.length > 0);
      assert.doesNotMatch(JSON.stringify(answer), new RegExp(c.patient));
      assert.deepEqual(Object.keys(answer.items[0]).sort(), ['date', 'doctorId', 'duration', 'time']);
    });

    test('booking outside the schedule is INVALID_STATE for create, createByDoctor, createPending, reschedule and a time change by update; doctors without one book as before', async () => {
      clock = NOW;
      const c = await scheduled({ ...morning(), validFrom: '2030-03-01', validTo: '2030-03-31', exceptions: [{ kind: 'leave', dateFrom: '2030-03-11', startTime: '10:00', endTime: '11:00' }] });
      const outside = [
        { scheduledDate: '2030-03-04', scheduledTime: '08:30', duration: 60 },
        { scheduledDate: '2030-03-04', scheduledTime: '11:30', duration: 60 },
        { scheduledDate: '2030-03-05', scheduledTime: '10:00', duration: 30 },
        { scheduledDate: '2030-03-11', scheduledTime: '10:30', duration: 30 },
      ];
      const byDoctor = (data: Record<string, unknown>) => ({ organizationId: c.org, doctorId: c.doctor.userId, patientDetails: { id: c.patient }, ...data });
      for (const at of outside) {
        failsWith(await call('create', booking(c, at)), 'INVALID_STATE', 409);
        failsWith(await call('createByDoctor', byDoctor(at)), 'INVALID_STATE', 409);
        failsWith(await call('createPending', booking(c, at)), 'INVALID_STATE', 409);
      }
      // Within the hours, off the slot grid: allowed. A booking is not created cancelled (a cancelled visit is reached only by cancel).
      const a = ok(await call('create', booking(c, { scheduledDate: '2030-03-04', scheduledTime: '09:15', duration: 30 }))).item;
      ok(await call('createByDoctor', byDoctor({ scheduledDate: '2030-03-04', scheduledTime: '10:00', duration: 60 })));
      ok(await call('createPending', booking(c, { scheduledDate: '2030-03-04', scheduledTime: '11:00', duration: 60 })));
      failsWith(await call('create', booking(c, { scheduledDate: '2030-03-05', scheduledTime: '10:00', status: 'cancelled' })), 'VALIDATION_FAILED', 400);
      failsWith(await call('reschedule', { id: a.id, organizationId: c.org, scheduledDate: '2030-03-11', scheduledTime: '10:00' }), 'INVALID_STATE', 409);
      ok(await call('reschedule', { id: a.id, organizationId: c.org, scheduledDate: '2030-03-11', scheduledTime: '11:00' }));
      failsWith(await call('update', { id: a.id, organizationId: c.org, scheduledTime: '10:15' }), 'INVALID_STATE', 409);
      failsWith(await call('update', { id: a.id, organizationId: c.org, duration: 90 }), 'INVALID_STATE', 409);
      ok(await call('update', { id: a.id, organizationId: c.org, scheduledTime: '11:15', notes: 'moved by the desk' }));
      // Outside the validity, and for a doctor without a schedule, any time books as before.
      ok(await call('create', booking(c, { scheduledDate: '2030-04-02', scheduledTime: '20:00' })));
      const free = await clinic(t(), { org: c.org });
      ok(await call('create', booking(free, { scheduledDate: '2030-03-05', scheduledTime: '22:00' })));
    });
  },
  { services: { now: () => clock } },
);
