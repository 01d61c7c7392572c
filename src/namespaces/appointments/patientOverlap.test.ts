import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { describeEachDialect, failsWith, ok, type ApiResponse } from '../../../test/harness.ts';
import { addDays } from '../../time/zone.ts';
import { appointments, booking, clinic, doctor, organization, type Clinic } from './appointments.testkit.ts';

const NOW = Date.UTC(2030, 0, 15, 9, 0);

describeEachDialect(
  'appointments: one patient, one appointment at a time',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>) => appointments(t())(apiName, data);
    let c: Clinic;
    let other: string;
    let day = 0;
    const nextDate = () => addDays('2034-01-01', ++day);
    /** A clash with the patient's appointment `id`: CONFLICT naming it in details. */
    const clashesWith = (response: ApiResponse, id: string) => {
      const error = failsWith(response, 'CONFLICT', 409);
      assert.deepEqual(error.details?.map((d) => [d.path, (d as { recordId?: string }).recordId]), [['patientId', id]]);
    };

    before(async () => {
      c = await clinic(t());
      other = (await doctor(t(), c.org)).userId;
    });

    test('create, createByDoctor and createPending refuse a patient\'s overlapping time with another doctor', async () => {
      const date = nextDate();
      const held = ok(await call('create', booking(c, { scheduledDate: date, scheduledTime: '10:00', duration: 30 }))).item;
      clashesWith(await call('create', booking(c, { doctorId: other, scheduledDate: date, scheduledTime: '10:15' })), held.id);
      clashesWith(await call('createPending', booking(c, { doctorId: other, scheduledDate: date, scheduledTime: '09:45' })), held.id);
      const details = { organizationId: c.org, doctorId: other, patientDetails: { id: c.patient }, scheduledDate: date, scheduledTime: '10:20', duration: 5 };
      clashesWith(await call('createByDoctor', details), held.id);
      ok(await call('create', booking(c, { doctorId: other, scheduledDate: date, scheduledTime: '10:30' })));
      ok(await call('create', booking(c, { doctorId: (await doctor(t(), c.org)).userId, patientId: c.signedPatient.id, scheduledDate: date, scheduledTime: '10:00' })));
      ok(await call('cancel', { id: held.id, organizationId: c.org, reason: 'moved on' }));
      ok(await call('createByDoctor', details));
    });

    test('reschedule and update of the time refuse it too (never against the appointment itself)', async () => {
      const date = nextDate();
      const first = ok(await call('create', booking(c, { scheduledDate: date, scheduledTime: '10:00' }))).item;
      const second = ok(await call('create', booking(c, { doctorId: other, scheduledDate: date, scheduledTime: '12:00' }))).item;
      clashesWith(await call('reschedule', { id: second.id, organizationId: c.org, scheduledDate: date, scheduledTime: '10:10' }), first.id);
      clashesWith(await call('update', { id: second.id, organizationId: c.org, scheduledTime: '09:50' }), first.id);
      clashesWith(await call('update', { id: first.id, organizationId: c.org, duration: 150 }), second.id);
      ok(await call('reschedule', { id: first.id, organizationId: c.org, scheduledDate: date, scheduledTime: '10:05' }));
      ok(await call('update', { id: second.id, organizationId: c.org, scheduledTime: '10:35' }));
    });

    test('it holds in an organization that lets a doctor\'s appointments overlap (token queues)', async () => {
      const q = await clinic(t(), { org: await organization(t(), { settings: { allowOverlappingAppointments: true } }) });
      const held = ok(await call('create', booking(q, { scheduledTime: '10:00' }))).item;
      clashesWith(await call('create', booking(q, { scheduledTime: '10:00' })), held.id);
    });

    test('parallel bookings of one patient at one time with different doctors: exactly one succeeds', async () => {
      const date = nextDate();
      const doctors = [c.doctor.userId, other, ...(await Promise.all(Array.from({ length: 6 }, async () => (await doctor(t(), c.org)).userId)))];
      const responses = await Promise.all(doctors.map((doctorId) => call('create', booking(c, { doctorId, scheduledDate: date, scheduledTime: '15:00' }))));
      assert.deepEqual(responses.map((r) => (r.statusCode === 200 ? 'ok' : r.body.error.code)).sort(), [...Array(7).fill('CONFLICT'), 'ok']);
      const stored = await t().database.db.selectFrom('appointments').select('id').where('patientId', '=', c.patient).where('scheduledDate', '=', date).execute();
      assert.equal(stored.length, 1);
    });
  },
  { services: { now: () => NOW } },
);
