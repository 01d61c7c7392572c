import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { clinic, organization, type Clinic } from '../appointments/appointments.testkit.ts';
import { schedule, schedules } from '../practitionerSchedules/practitionerSchedules.testkit.ts';
import { assertOutcome, fhir, ids, type FhirCall, type Json } from './fhir-http.testkit.ts';
import { slotId } from './slots/slot-id.ts';

const NOW = Date.UTC(2030, 0, 15, 9, 0);

/** 2030-03-04 is a Monday; Europe/Berlin is UTC+1 then. */
describeEachDialect(
  'FHIR R4 writes: booking a Slot, cancelling, creating a Patient',
  (t) => {
    type Scheduled = Clinic & { scheduleId: string; as: FhirCall };
    async function scheduled(): Promise<Scheduled> {
      const c = await clinic(t(), { org: await organization(t(), { timezone: 'Europe/Berlin' }) });
      const weeklyHours = [{ weekday: 1, startTime: '09:00', endTime: '12:00' }];
      const created = ok(await schedules(t())('create', schedule(c.org, c.doctor.userId, { slotMinutes: 60, weeklyHours }), c.doctor.token));
      const desk = await signIn(t(), { organizationId: c.org, roles: ['receptionist'] });
      return { ...c, scheduleId: created.item.id, as: { token: desk.token, organizationId: c.org } };
    }
    const slotAt = (c: Clinic, time: string) => slotId({ doctorId: c.doctor.userId, date: '2030-03-04', time, minutes: 60 });
    const appointment = (c: Clinic, slot: string, extra: Record<string, unknown> = {}) => ({
      resourceType: 'Appointment',
      status: 'booked',
      slot: [{ reference: `Slot/${slot}` }],
      participant: [{ actor: { reference: `Patient/${c.patient}` }, status: 'accepted' }],
      ...extra,
    });
    const freeOn = async (c: Scheduled) => ids((await fhir(t(), 'GET', `/Slot?schedule=${c.scheduleId}&start=ge2030-03-04&start=le2030-03-04`, { organizationId: c.org })).body);

    test('POST /Appointment books the Slot through appointments.create: 201, Location, the Appointment; the slot taken is 409', async () => {
      const c = await scheduled();
      const slot = slotAt(c, '10:00');
      const booked = await fhir(t(), 'POST', '/Appointment', { ...c.as, json: appointment(c, slot, { description: 'a check-up', comment: 'first visit' }) });
      assert.equal(booked.status, 201, JSON.stringify(booked.body));
      const { id, meta, created, ...resource } = booked.body;
      assert.equal(booked.headers.location, `http://localhost:80/fhir/R4/Appointment/${id}`);
      assert.match(meta.lastUpdated, /^2\d{3}-/);
      assert.match(created, /^\d{4}-\d{2}-\d{2}$/);
      assert.deepEqual(resource, {
        resourceType: 'Appointment',
        status: 'booked',
        // appointments.create needs a type: one the resource does not name is a consultation.
        appointmentType: { text: 'consultation' },
        description: 'a check-up',
        comment: 'first visit',
        start: '2030-03-04T09:00:00.000Z',
        end: '2030-03-04T10:00:00.000Z',
        minutesDuration: 60,
        participant: [
          { actor: { reference: `Patient/${c.patient}` }, status: 'accepted' },
          { actor: { reference: `Practitioner/${c.doctor.userId}` }, status: 'accepted' },
        ],
      });
      const item = ok(await t().call('appointments', 'getById', { id, organizationId: c.org }, { token: c.doctor.token })).item;
      assert.deepEqual([item.patientId, item.doctorId, item.scheduledDate, item.scheduledTime, item.duration, item.status, item.reason, item.notes], [c.patient, c.doctor.userId, '2030-03-04', '10:00', 60, 'scheduled', 'a check-up', 'first visit']);
      assert.deepEqual(await freeOn(c), [slotAt(c, '09:00'), slotAt(c, '11:00')]);

      // The same slot again, for anyone: the booking's own clash check, 409.
      assertOutcome(await fhir(t(), 'POST', '/Appointment', { ...c.as, json: appointment(c, slot) }), 409, /conflict/);
      // A proposed booking holds its slot too, pending.
      const proposed = await fhir(t(), 'POST', '/Appointment', { ...c.as, json: appointment(c, slotAt(c, '11:00'), { status: 'proposed', participant: [{ actor: { reference: `Patient/${c.signedPatient.id}` }, status: 'needs-action' }, { actor: { reference: `Practitioner/${c.doctor.userId}` }, status: 'accepted' }] }) });
      assert.equal(proposed.status, 201);
      assert.equal(proposed.body.status, 'pending');
      // The write is audited as the RPC operation that made it.
      const trail = ok(await t().call('audit', 'list', { organizationId: c.org, recordId: id }, { token: (await signIn(t(), { organizationId: c.org, roles: ['admin'] })).token }));
      assert.deepEqual(trail.items.map((entry: Json) => entry.operation), ['appointments.create']);
    });

    test('an Idempotency-Key makes a booking sent twice one booking', async () => {
      const c = await scheduled();
      const keyed = { ...c.as, headers: { 'idempotency-key': `fhir-${c.org}` }, json: appointment(c, slotAt(c, '09:00')) };
      const first = await fhir(t(), 'POST', '/Appointment', keyed);
      const again = await fhir(t(), 'POST', '/Appointment', keyed);
      assert.equal(first.status, 201);
      assert.equal(again.status, 201);
      assert.equal(again.body.id, first.body.id);
      assert.equal(again.headers['idempotent-replayed'], 'true');
    });

    test('bad bookings: 400 for what is no Appointment, 422 for one the server cannot book, 401/403 as the RPC', async () => {
      const c = await scheduled();
      const slot = slotAt(c, '09:00');
      const post = (json: unknown, as: FhirCall = c.as) => fhir(t(), 'POST', '/Appointment', { ...as, json });
      assertOutcome(await post({ ...appointment(c, slot), resourceType: 'Patient' }), 400, /resourceType/);
      assertOutcome(await post(appointment(c, slot, { status: 'fulfilled' })), 400, /status/);
      assertOutcome(await post(appointment(c, slot, { slot: [] })), 400, /slot/);
      assertOutcome(await post(appointment(c, 'nonsense')), 422, /slot: must be Slot/);
      assertOutcome(await post(appointment(c, slot, { participant: [{ actor: { reference: `Practitioner/${c.doctor.userId}` } }] })), 422, /one Patient/);
      assertOutcome(await post(appointment(c, slot, { participant: [{ actor: { reference: `Patient/${c.patient}` } }, { actor: { reference: 'Practitioner/someone-else' } }] })), 422, /the slot's/);
      assertOutcome(await post(appointment(c, slot, { start: '2030-03-04T09:00:00Z' })), 422, /start: must be the slot's, 2030-03-04T08:00:00.000Z/);
      const stranger = await scheduled();
      assertOutcome(await post(appointment(stranger, slot)), 422, /participant \(Patient\): no such patient/);
      // Outside the doctor's working time (a slot id of a time off the schedule): the booking's own rule, 409.
      assertOutcome(await post(appointment(c, slotAt(c, '15:00'))), 409, /working/);
      const text = await t().app.inject({ method: 'POST', url: '/fhir/R4/Appointment', headers: { authorization: `Bearer ${c.as.token}`, 'x-organization-id': c.org, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' });
      assert.equal(text.statusCode, 415);
      assertOutcome(await post(appointment(c, slot), { organizationId: c.org }), 401);
      const hr = await signIn(t(), { organizationId: c.org, roles: ['hr'] });
      assertOutcome(await post(appointment(c, slot), { token: hr.token, organizationId: c.org }), 403);
      assertOutcome(await post(appointment(c, slot), { token: c.as.token }), 400, /X-Organization-Id/);
      assert.deepEqual(await freeOn(c), ['09:00', '10:00', '11:00'].map((time) => slotAt(c, time)));
    });

    test('$cancel and PATCH status=cancelled run appointments.cancel; other patches are 422', async () => {
      const c = await scheduled();
      const book = async (time: string) => (await fhir(t(), 'POST', '/Appointment', { ...c.as, json: appointment(c, slotAt(c, time)) })).body.id as string;
      const first = await book('09:00');
      const reason = { resourceType: 'Parameters', parameter: [{ name: 'reason', valueString: 'the patient called' }] };
      const cancelled = await fhir(t(), 'POST', `/Appointment/${first}/$cancel`, { ...c.as, json: reason });
      assert.equal(cancelled.status, 200);
      assert.equal(cancelled.body.status, 'cancelled');
      assert.equal(ok(await t().call('appointments', 'getById', { id: first, organizationId: c.org }, { token: c.doctor.token })).item.cancelledReason, 'the patient called');
      assert.ok((await freeOn(c)).includes(slotAt(c, '09:00')));
      // The workflow's rule, whichever operation makes the move: a cancelled appointment is not cancelled again.
      assertOutcome(await fhir(t(), 'POST', `/Appointment/${first}/$cancel`, { ...c.as, json: reason }), 409, /business-rule/);
      assertOutcome(await fhir(t(), 'POST', `/Appointment/${first}/$cancel`, { ...c.as, json: { resourceType: 'Parameters' } }), 422, /reason/);

      const second = await book('10:00');
      const patch = (json: unknown, contentType = 'application/json-patch+json') => fhir(t(), 'PATCH', `/Appointment/${second}`, { ...c.as, json, headers: { 'content-type': contentType } });
      const cancel = [{ op: 'replace', path: '/status', value: 'cancelled' }, { op: 'add', path: '/cancelationReason', value: { text: 'the doctor is away' } }];
      assertOutcome(await patch(cancel, 'application/fhir+json'), 415);
      assertOutcome(await patch([{ op: 'replace', path: '/comment', value: 'x' }]), 422, /not supported/);
      assertOutcome(await patch([{ op: 'replace', path: '/status', value: 'fulfilled' }]), 422, /not supported/);
      assertOutcome(await patch([cancel[0]]), 422, /cancelationReason/);
      const hr = await signIn(t(), { organizationId: c.org, roles: ['hr'] });
      assertOutcome(await fhir(t(), 'PATCH', `/Appointment/${second}`, { token: hr.token, organizationId: c.org, json: cancel, headers: { 'content-type': 'application/json-patch+json' } }), 403);
      const patched = await patch(cancel);
      assert.equal(patched.status, 200);
      assert.equal(patched.body.status, 'cancelled');
      assert.equal(ok(await t().call('appointments', 'getById', { id: second, organizationId: c.org }, { token: c.doctor.token })).item.cancelledReason, 'the doctor is away');
      const other = await scheduled();
      assertOutcome(await fhir(t(), 'POST', `/Appointment/${second}/$cancel`, { ...other.as, json: reason }), 404);
    });

    test('POST /Patient creates a patient through patients.create: 201, Location, the Patient as read', async () => {
      const c = await scheduled();
      const json = {
        resourceType: 'Patient',
        name: [{ given: ['Ana', 'Maria'], family: 'Souza' }],
        telecom: [{ system: 'phone', value: '+91 98765 43210' }, { system: 'email', value: 'Ana@Example.test' }],
        gender: 'female',
        birthDate: '1990-04-12',
      };
      const created = await fhir(t(), 'POST', '/Patient', { ...c.as, json });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.headers.location, `http://localhost:80/fhir/R4/Patient/${created.body.id}`);
      const read = await fhir(t(), 'GET', `/Patient/${created.body.id}`, c.as);
      assert.deepEqual(read.body, created.body);
      assert.deepEqual(created.body.name, [{ text: 'Ana Maria Souza' }]);
      assert.deepEqual(created.body.telecom, [{ system: 'phone', value: '+919876543210' }, { system: 'email', value: 'ana@example.test' }]);
      const item = ok(await t().call('patients', 'getById', { id: created.body.id, organizationId: c.org }, { token: c.doctor.token })).item;
      assert.deepEqual([item.name, item.gender, item.dob], ['Ana Maria Souza', 'female', '1990-04-12']);

      assertOutcome(await fhir(t(), 'POST', '/Patient', { ...c.as, json: { resourceType: 'Patient', gender: 'female' } }), 422, /name/);
      assertOutcome(await fhir(t(), 'POST', '/Patient', { ...c.as, json: { ...json, gender: 'F' } }), 400, /gender/);
      assertOutcome(await fhir(t(), 'POST', '/Patient', { ...c.as, json: { ...json, birthDate: '2999-01-01' } }), 422, /birthDate: must not be in the future/);
      assertOutcome(await fhir(t(), 'POST', '/Patient', { organizationId: c.org, json }), 401);
      const stylist = await signIn(t(), { organizationId: c.org, roles: ['stylist'] });
      assertOutcome(await fhir(t(), 'POST', '/Patient', { token: stylist.token, organizationId: c.org, json }), 403);
    });

    test('methods: what is not declared is read-only (405 with Allow), the CapabilityStatement says which writes there are', async () => {
      const c = await scheduled();
      const refused = await fhir(t(), 'DELETE', `/Patient/${c.patient}`, c.as);
      assertOutcome(refused, 405);
      assert.equal(refused.headers.allow, 'GET');
      const schedulePost = await fhir(t(), 'POST', '/Schedule', { ...c.as, json: { resourceType: 'Schedule' } });
      assertOutcome(schedulePost, 405);
      assert.equal(schedulePost.headers.allow, 'GET');
      assert.equal((await fhir(t(), 'PUT', '/Patient', c.as)).headers.allow, 'GET, POST');
      assertOutcome(await fhir(t(), 'POST', '/Appointment/x/$nope', c.as), 404);
      const metadata = await fhir(t(), 'GET', '/metadata');
      const entry = (type: string) => metadata.body.rest[0].resource.find((resource: Json) => resource.type === type);
      assert.deepEqual(entry('Patient').interaction.map((i: Json) => i.code), ['read', 'search-type', 'create']);
      assert.deepEqual(entry('Appointment').interaction.map((i: Json) => i.code).filter((code: string) => code === 'create' || code === 'patch'), ['create', 'patch']);
      assert.deepEqual(entry('Appointment').operation.map((o: Json) => o.name), ['cancel']);
      for (const type of ['Schedule', 'Slot']) assert.deepEqual(entry(type).interaction.map((i: Json) => i.code), ['read', 'search-type']);
    });
  },
  { services: { now: () => NOW } },
);
