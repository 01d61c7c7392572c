import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { booking, clinic, organization, type Clinic } from '../appointments/appointments.testkit.ts';
import { schedule, schedules } from '../practitionerSchedules/practitionerSchedules.testkit.ts';
import { assertOutcome, fhir, ids, type Json } from './fhir-http.testkit.ts';
import { slotSearchInput } from './slots/operations.ts';
import { slotId, slotKeyOf } from './slots/slot-id.ts';
import { SLOT_SEARCH_PARAMS } from './slots/slots.ts';

const NOW = Date.UTC(2030, 0, 15, 9, 0);

/** 2030-03-04 is a Monday; Europe/Berlin is UTC+1 then. */
describeEachDialect(
  'FHIR R4: Schedule and Slot',
  (t) => {
    /** A clinic in Berlin whose doctor works Mondays 09:00-12:00 in hourly slots. */
    async function scheduled(): Promise<Clinic & { scheduleId: string }> {
      const c = await clinic(t(), { org: await organization(t(), { timezone: 'Europe/Berlin' }) });
      const weeklyHours = [{ weekday: 1, startTime: '09:00', endTime: '12:00' }];
      const created = ok(await schedules(t())('create', schedule(c.org, c.doctor.userId, { slotMinutes: 60, weeklyHours }), c.doctor.token));
      return { ...c, scheduleId: created.item.id };
    }
    const monday = (c: Clinic & { scheduleId: string }, extra = '') => `/Slot?schedule=Schedule/${c.scheduleId}&start=ge2030-03-04&start=le2030-03-04${extra}`;
    const slotOf = (c: Clinic, time: string) => slotId({ doctorId: c.doctor.userId, date: '2030-03-04', time, minutes: 60 });

    test('Schedule: read and search by actor, for members with a reading role', async () => {
      const c = await scheduled();
      const read = await fhir(t(), 'GET', `/Schedule/${c.scheduleId}`, { token: c.doctor.token, organizationId: c.org });
      assert.equal(read.status, 200);
      const { meta, ...resource } = read.body;
      assert.match(meta.lastUpdated, /^2\d{3}-/);
      assert.deepEqual(resource, {
        resourceType: 'Schedule',
        id: c.scheduleId,
        active: true,
        actor: [{ reference: `Practitioner/${c.doctor.userId}` }],
        planningHorizon: { start: '2030-01-01' },
        comment: 'slots of 60 minutes',
      });
      const found = await fhir(t(), 'GET', `/Schedule?actor=Practitioner/${c.doctor.userId}`, { token: c.doctor.token, organizationId: c.org });
      assert.deepEqual(ids(found.body), [c.scheduleId]);
      assert.equal((await fhir(t(), 'GET', `/Schedule?actor=${c.patient}`, { token: c.doctor.token, organizationId: c.org })).body.total, 0);

      const other = await scheduled();
      assertOutcome(await fhir(t(), 'GET', `/Schedule/${other.scheduleId}`, { token: c.doctor.token, organizationId: c.org }), 404);
      const hr = await signIn(t(), { organizationId: c.org, roles: ['hr'] });
      assertOutcome(await fhir(t(), 'GET', `/Schedule/${c.scheduleId}`, { token: hr.token, organizationId: c.org }), 403);
      assertOutcome(await fhir(t(), 'GET', `/Schedule/${c.scheduleId}`, { organizationId: c.org }), 401);
    });

    test('Slot search: the free slots findSlots computes, public, each a Slot of its schedule', async () => {
      const c = await scheduled();
      const answer = await fhir(t(), 'GET', monday(c, '&status=free'), { organizationId: c.org });
      assert.equal(answer.status, 200);
      assert.equal(answer.body.total, 3);
      assert.deepEqual(ids(answer.body), ['09:00', '10:00', '11:00'].map((time) => slotOf(c, time)));
      const [first] = answer.body.entry;
      assert.match(first.fullUrl, new RegExp(`/fhir/R4/Slot/${slotOf(c, '09:00').replaceAll('.', '\\.')}$`));
      assert.deepEqual(first.resource, {
        resourceType: 'Slot',
        id: slotOf(c, '09:00'),
        schedule: { reference: `Schedule/${c.scheduleId}` },
        status: 'free',
        start: '2030-03-04T08:00:00.000Z',
        end: '2030-03-04T09:00:00.000Z',
      });
      // The RPC's own answer, for the same days: the same times.
      const rpc = ok(await t().call('appointments', 'findSlots', { organizationId: c.org, doctorId: c.doctor.userId, dateFrom: '2030-03-04', dateTo: '2030-03-04' }));
      assert.deepEqual(rpc.items.map((s: Json) => slotId({ doctorId: s.doctorId, date: s.date, time: s.time, minutes: s.duration })), ids(answer.body));

      // A booking takes its slot out of the free ones; the others stay readable.
      ok(await t().call('appointments', 'create', booking(c, { scheduledDate: '2030-03-04', scheduledTime: '10:00', duration: 60 }), { token: c.doctor.token }));
      assert.deepEqual(ids((await fhir(t(), 'GET', monday(c), { organizationId: c.org })).body), [slotOf(c, '09:00'), slotOf(c, '11:00')]);
      const read = await fhir(t(), 'GET', `/Slot/${slotOf(c, '09:00')}`, { organizationId: c.org });
      assert.deepEqual(read.body, first.resource);

      // By the doctor (chained), and the window's bounds as instants.
      assert.deepEqual(ids((await fhir(t(), 'GET', `/Slot?schedule.actor=Practitioner/${c.doctor.userId}&start=ge2030-03-04&start=lt2030-03-05`, { organizationId: c.org })).body), [slotOf(c, '09:00'), slotOf(c, '11:00')]);
      assert.deepEqual(ids((await fhir(t(), 'GET', `/Slot?schedule=${c.scheduleId}&start=gt2030-03-04T08:00:00Z&start=le2030-03-04T10:00:00Z`, { organizationId: c.org })).body), [slotOf(c, '11:00')]);
      assert.equal((await fhir(t(), 'GET', monday(c, '&status=entered-in-error'), { organizationId: c.org })).body.total, 0);
      assert.equal((await fhir(t(), 'GET', `/Slot?schedule=Schedule/${c.scheduleId}&start=ge2030-03-05&start=le2030-03-09`, { organizationId: c.org })).body.total, 0);
    });

    test('Slot: a slot of the grid an appointment holds reads and searches as busy, free again once cancelled; off the grid it stays 404', async () => {
      const c = await scheduled();
      const visit = ok(await t().call('appointments', 'create', booking(c, { scheduledDate: '2030-03-04', scheduledTime: '10:00', duration: 60 }), { token: c.doctor.token })).item;
      const busy = {
        resourceType: 'Slot',
        id: slotOf(c, '10:00'),
        schedule: { reference: `Schedule/${c.scheduleId}` },
        status: 'busy',
        start: '2030-03-04T09:00:00.000Z',
        end: '2030-03-04T10:00:00.000Z',
      };
      const read = await fhir(t(), 'GET', `/Slot/${slotOf(c, '10:00')}`, { organizationId: c.org });
      assert.equal(read.status, 200, JSON.stringify(read.body));
      assert.deepEqual(read.body, busy);
      const busyOnes = await fhir(t(), 'GET', monday(c, '&status=busy'), { organizationId: c.org });
      assert.deepEqual(busyOnes.body.entry.map((entry: Json) => entry.resource), [busy]);
      const both = await fhir(t(), 'GET', monday(c, '&status=free,busy'), { organizationId: c.org });
      assert.deepEqual(both.body.entry.map((entry: Json) => [entry.resource.id, entry.resource.status]), [[slotOf(c, '09:00'), 'free'], [slotOf(c, '10:00'), 'busy'], [slotOf(c, '11:00'), 'free']]);
      // A visit of half a slot holds the whole slot.
      ok(await t().call('appointments', 'create', booking(c, { scheduledDate: '2030-03-04', scheduledTime: '11:30', duration: 30 }), { token: c.doctor.token }));
      assert.equal((await fhir(t(), 'GET', `/Slot/${slotOf(c, '11:00')}`, { organizationId: c.org })).body.status, 'busy');

      // Off the grid (another start, another length, a day without hours) or booked without a schedule: 404.
      for (const id of [slotOf(c, '10:30'), slotId({ doctorId: c.doctor.userId, date: '2030-03-04', time: '10:00', minutes: 30 }), slotId({ doctorId: c.doctor.userId, date: '2030-03-05', time: '10:00', minutes: 60 })]) {
        assertOutcome(await fhir(t(), 'GET', `/Slot/${id}`, { organizationId: c.org }), 404, /Slot/);
      }
      const unscheduled = await clinic(t(), { org: c.org });
      ok(await t().call('appointments', 'create', booking(unscheduled, { scheduledDate: '2030-03-04', scheduledTime: '10:00', duration: 60 }), { token: unscheduled.doctor.token }));
      assertOutcome(await fhir(t(), 'GET', `/Slot/${slotOf(unscheduled, '10:00')}`, { organizationId: c.org }), 404);

      ok(await t().call('appointments', 'cancel', { organizationId: c.org, id: visit.id, reason: 'travelling' }, { token: c.doctor.token }));
      assert.equal((await fhir(t(), 'GET', `/Slot/${slotOf(c, '10:00')}`, { organizationId: c.org })).body.status, 'free');
    });

    test('Booking a Slot of a schedule tied to a service books with that service and its fee, as appointments.create with serviceId', async () => {
      const c = await clinic(t(), { org: await organization(t(), { timezone: 'Europe/Berlin' }) });
      const accountant = await signIn(t(), { organizationId: c.org, roles: ['accountant'] });
      const serviceId = ok(await t().call('services', 'create', { organizationId: c.org, name: 'Cardiology consultation', category: 'consultation', price: 1500 }, { token: accountant.token })).item.id;
      const created = ok(await schedules(t())('create', schedule(c.org, c.doctor.userId, { slotMinutes: 60, serviceId, weeklyHours: [{ weekday: 1, startTime: '09:00', endTime: '12:00' }] }), c.doctor.token));
      const desk = await signIn(t(), { organizationId: c.org, roles: ['receptionist'] });
      const book = (time: string) =>
        fhir(t(), 'POST', '/Appointment', {
          token: desk.token,
          organizationId: c.org,
          json: { resourceType: 'Appointment', status: 'booked', slot: [{ reference: `Slot/${slotOf(c, time)}` }], participant: [{ actor: { reference: `Patient/${c.patient}` }, status: 'accepted' }] },
        });
      const booked = await book('09:00');
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      const item = ok(await t().call('appointments', 'getById', { organizationId: c.org, id: booked.body.id }, { token: c.doctor.token })).item;
      const rpc = ok(await t().call('appointments', 'create', booking(c, { scheduledDate: '2030-03-04', scheduledTime: '10:00', duration: 60, serviceId }), { token: c.doctor.token })).item;
      assert.equal(item.serviceId, serviceId);
      assert.equal(item.consultationFee, rpc.consultationFee);
      assert.ok(item.consultationFee > 0);
      // The booked slot reads busy, of its schedule.
      assert.deepEqual([(await fhir(t(), 'GET', `/Slot/${slotOf(c, '09:00')}`, { organizationId: c.org })).body.schedule, created.item.serviceId], [{ reference: `Schedule/${created.item.id}` }, serviceId]);
    });

    test('Slot search: paging to the end, _summary=count, and the windows and parameters refused', async () => {
      const c = await scheduled();
      const month = `/Slot?schedule=Schedule/${c.scheduleId}&start=ge2030-03-01&start=le2030-03-31`;
      const all = await fhir(t(), 'GET', month, { organizationId: c.org });
      assert.equal(all.body.total, 12);
      const seen: string[] = [];
      let next: string | undefined = `${month}&_count=5`;
      while (next) {
        const page = await fhir(t(), 'GET', next, { organizationId: c.org });
        seen.push(...ids(page.body));
        next = page.body.link.find((link: Json) => link.relation === 'next')?.url;
      }
      assert.deepEqual(seen, ids(all.body));
      const counted = await fhir(t(), 'GET', `${month}&_summary=count`, { organizationId: c.org });
      assert.equal(counted.body.total, 12);
      assert.equal(counted.body.entry, undefined);

      assertOutcome(await fhir(t(), 'GET', `/Slot?schedule=${c.scheduleId}&start=ge2030-03-01`, { organizationId: c.org }), 400, /both sides/);
      assertOutcome(await fhir(t(), 'GET', `/Slot?schedule=${c.scheduleId}&start=ge2030-03-01&start=le2030-04-01`, { organizationId: c.org }), 400, /31 days/);
      assertOutcome(await fhir(t(), 'GET', '/Slot?start=ge2030-03-01&start=le2030-03-02', { organizationId: c.org }), 400, /schedule/);
      assertOutcome(await fhir(t(), 'GET', `/Slot?schedule=${c.scheduleId}&start=ge2030-03-01&start=le2030-03-02&status=open`, { organizationId: c.org }), 400, /status/);
      assertOutcome(await fhir(t(), 'GET', monday(c), {}), 400, /X-Organization-Id/);
      assertOutcome(await fhir(t(), 'GET', monday(c), { organizationId: 'org_unknown' }), 404, /organization/);
      assertOutcome(await fhir(t(), 'GET', '/Slot/not-a-slot', { organizationId: c.org }), 404);
    });

    test('Slot ids: decodable, and no other text decodes', () => {
      const key = { doctorId: '0190f2a4-1c2b-7d3e-8f40-123456789abc', date: '2030-03-04', time: '09:30', minutes: 45 };
      assert.deepEqual(slotKeyOf(slotId(key)), key);
      assert.ok(slotId(key).length <= 64);
      for (const id of ['x.203002300930.45', 'x.203003042400.45', 'x.203003040960.45', 'x.203003040930.0', 'x.203003040930', '.203003040930.45']) assert.equal(slotKeyOf(id), undefined, id);
    });

    test('metadata: Schedule and Slot, their parameters those the searches take', async () => {
      const answer = await fhir(t(), 'GET', '/metadata');
      const entry = (type: string) => answer.body.rest[0].resource.find((resource: Json) => resource.type === type);
      assert.deepEqual(entry('Slot').interaction.map((i: Json) => i.code), ['read', 'search-type']);
      assert.deepEqual(entry('Slot').searchParam.map((p: Json) => p.name), SLOT_SEARCH_PARAMS.map((p) => p.name));
      for (const { name } of SLOT_SEARCH_PARAMS) assert.ok(name in slotSearchInput.shape, name);
      assert.deepEqual(entry('Schedule').searchParam.map((p: Json) => p.name), ['_id', 'actor', 'active', '_lastUpdated']);
    });
  },
  { services: { now: () => NOW } },
);
