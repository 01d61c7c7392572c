import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { addDays } from '../../time/zone.ts';
import { appointments, booking, clinic, doctor, patient, type Clinic } from './appointments.testkit.ts';

const NOW = Date.UTC(2030, 0, 15, 9, 0);
let clock = NOW;

interface Entry { id: string; status: string; appointmentId: string | null; offerExpiresAt: number | null }

describeEachDialect(
  'appointments: the waitlist',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>, token?: string) => appointments(t())(apiName, data, token);
    let c: Clinic;
    let day = 0;
    const nextDate = () => addDays('2030-02-01', ++day);
    const join = (date: string, data: Record<string, unknown> = {}, token?: string) =>
      call('joinWaitlist', { organizationId: c.org, doctorId: c.doctor.userId, patientId: c.patient, date, duration: 30, type: 'consultation', ...data }, token);
    const entry = async (id: string, date: string): Promise<Entry> => {
      const items = ok(await call('listWaitlist', { organizationId: c.org, date })).items as Entry[];
      return items.find((e) => e.id === id)!;
    };
    const offers = (appointmentId: string) =>
      t().database.db.selectFrom('notifications').select(['recipientIdpUserId', 'type']).where('relatedEntityId', '=', appointmentId).execute().then((rows) => rows.map((r) => ({ ...r })));

    before(async () => {
      c = await clinic(t());
    });

    test('a cancelled appointment\'s time is held for the first waiter it fits, who is told; later waiters keep waiting', async () => {
      clock = NOW;
      const date = nextDate();
      const taken = ok(await call('create', booking(c, { patientId: await patient(t(), c.org), scheduledDate: date, scheduledTime: '10:00', duration: 30 }))).item;
      const tooLong = ok(await join(date, { patientId: await patient(t(), c.org), duration: 45 })).item;
      const first = ok(await join(date, { patientId: c.signedPatient.id })).item;
      const second = ok(await join(date)).item;
      assert.equal(first.status, 'waiting');
      ok(await call('cancel', { id: taken.id, organizationId: c.org, reason: 'patient travelling' }));

      const offered = await entry(first.id, date);
      assert.equal(offered.status, 'offered');
      const hold = ok(await call('getById', { id: offered.appointmentId, organizationId: c.org })).item;
      assert.deepEqual([hold.patientId, hold.scheduledDate, hold.scheduledTime, hold.duration, hold.status], [c.signedPatient.id, date, '10:00', 30, 'pending']);
      assert.equal(offered.offerExpiresAt, hold.holdExpiresAt);
      assert.ok(hold.holdExpiresAt > clock);
      assert.deepEqual(await offers(hold.id), [{ recipientIdpUserId: c.signedPatient.idpUserId, type: 'appointment_waitlist_offer' }]);
      assert.equal((await entry(second.id, date)).status, 'waiting');
      assert.equal((await entry(tooLong.id, date)).status, 'waiting');

      // the hold confirmed: the entry shows booked
      ok(await call('update', { id: hold.id, organizationId: c.org, status: 'scheduled' }));
      assert.equal((await entry(first.id, date)).status, 'booked');
    });

    test('a waiter who is busy then is passed over; no-show and reschedule free time too, but only time still ahead', async () => {
      clock = NOW;
      const date = nextDate();
      const busyPatient = await patient(t(), c.org);
      const other = await doctor(t(), c.org);
      ok(await call('create', booking(c, { patientId: busyPatient, doctorId: other.userId, scheduledDate: date, scheduledTime: '11:00' })));
      const moved = ok(await call('create', booking(c, { patientId: await patient(t(), c.org), scheduledDate: date, scheduledTime: '11:00' }))).item;
      const busy = ok(await join(date, { patientId: busyPatient })).item;
      const free = ok(await join(date)).item;
      ok(await call('reschedule', { id: moved.id, organizationId: c.org, scheduledDate: date, scheduledTime: '15:00' }));
      assert.equal((await entry(busy.id, date)).status, 'waiting');
      const offered = await entry(free.id, date);
      assert.equal(offered.status, 'offered');
      assert.equal(ok(await call('getById', { id: offered.appointmentId, organizationId: c.org })).item.scheduledTime, '11:00');

      // the afternoon appointment is marked a no-show after its time: nothing is offered
      clock = Date.parse(`${date}T16:00:00Z`);
      ok(await call('markNoShow', { id: moved.id, organizationId: c.org }));
      assert.equal((await entry(busy.id, date)).status, 'waiting');
    });

    test('leaving with an offer declines it: the hold is cancelled and goes to the next waiter', async () => {
      clock = NOW;
      const date = nextDate();
      const taken = ok(await call('create', booking(c, { patientId: await patient(t(), c.org), scheduledDate: date, scheduledTime: '09:00' }))).item;
      const first = ok(await join(date, { patientId: c.signedPatient.id })).item;
      const second = ok(await join(date)).item;
      ok(await call('delete', { id: taken.id, organizationId: c.org }));
      const hold = (await entry(first.id, date)).appointmentId!;
      const token = await tokenFor(t(), c.signedPatient.idpUserId);
      const left = ok(await call('leaveWaitlist', { id: first.id, organizationId: c.org }, token)).item;
      assert.equal(left.status, 'cancelled');
      assert.equal(ok(await call('getById', { id: hold, organizationId: c.org })).item.status, 'cancelled');
      const next = await entry(second.id, date);
      assert.equal(next.status, 'offered');
      assert.equal(ok(await call('getById', { id: next.appointmentId, organizationId: c.org })).item.scheduledTime, '09:00');
      failsWith(await call('leaveWaitlist', { id: first.id, organizationId: c.org }), 'INVALID_STATE', 409);
    });

    test('joining: today or later, once per doctor and day, the organization\'s own doctor and patient', async () => {
      clock = NOW;
      const date = nextDate();
      failsWith(await join('2030-01-14'), 'VALIDATION_FAILED', 400);
      const first = ok(await join(date)).item;
      const again = failsWith(await join(date), 'CONFLICT', 409);
      assert.equal((again.details?.[0] as { recordId?: string }).recordId, first.id);
      failsWith(await join(date, { patientId: (await clinic(t())).patient }), 'VALIDATION_FAILED', 400);
      failsWith(await join(date, { doctorId: 'no-such-doctor' }), 'VALIDATION_FAILED', 400);
      failsWith(await join(date, { duration: 0 }), 'VALIDATION_FAILED', 400);
    });

    test('a patient joins and leaves for itself only; a nurse lists but does not join', async () => {
      clock = NOW;
      const date = nextDate();
      const token = await tokenFor(t(), c.signedPatient.idpUserId);
      const own = ok(await join(date, { patientId: c.signedPatient.id }, token)).item;
      failsWith(await join(date, { patientId: c.patient }, token), 'FORBIDDEN', 403);
      const others = ok(await join(date)).item;
      failsWith(await call('leaveWaitlist', { id: others.id, organizationId: c.org }, token), 'FORBIDDEN', 403);
      failsWith(await call('listWaitlist', { organizationId: c.org }, token), 'FORBIDDEN', 403);
      const nurse = await signIn(t(), { organizationId: c.org, roles: ['nurse'] });
      const listed = ok(await call('listWaitlist', { organizationId: c.org, date }, nurse.token)).items as Entry[];
      assert.deepEqual(listed.map((e) => e.id), [own.id, others.id]);
      failsWith(await join(date, { patientId: await patient(t(), c.org) }, nurse.token), 'FORBIDDEN', 403);
    });
  },
  { services: { now: () => clock } },
);
