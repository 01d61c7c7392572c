import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { appointments, bookAt, booking, clinic, doctor, organization, patient, type Clinic } from './appointments.testkit.ts';

/** Tuesday 2030-01-15 09:00 UTC; the organizations keep UTC. */
const NOW = Date.UTC(2030, 0, 15, 9, 0);

describeEachDialect(
  'appointments.listByOrganization: a receptionist\'s filters (doctor, patient, date range, status)',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>, token?: string) => appointments(t())(apiName, data, token);
    let c: Clinic;
    let other: Clinic;
    let secondDoctor: string;
    let secondPatient: string;
    const reasons = (page: { items: { reason: string }[] }) => page.items.map((a) => a.reason);
    const list = async (data: Record<string, unknown>) => ok(await call('listByOrganization', { organizationId: c.org, ...data }));

    before(async () => {
      c = await clinic(t(), { org: await organization(t()) });
      other = await clinic(t(), { org: await organization(t()) });
      secondDoctor = (await doctor(t(), c.org)).userId;
      secondPatient = await patient(t(), c.org, { name: 'Meera Iyer' });
      const make = async (reason: string, scheduledDate: string, scheduledTime: string, extra: Record<string, unknown> = {}, status?: string) => {
        const data = booking(c, { reason, scheduledDate, scheduledTime, ...extra });
        if (status) await bookAt(t(), data, status);
        else ok(await call('create', data));
      };
      // Visits today (2030-01-15) move through the workflow; cancellations may be any day.
      await make('A first doctor', '2030-01-15', '08:00', {}, 'checked_in');
      await make('B second doctor', '2030-01-15', '10:00', { doctorId: secondDoctor });
      await make('C second patient', '2030-01-16', '10:00', { patientId: secondPatient });
      await make('D second doctor and patient', '2030-01-20', '10:00', { doctorId: secondDoctor, patientId: secondPatient }, 'cancelled');
      await make('E next month', '2030-02-01', '10:00', { status: 'confirmed' });
      await make('F last year', '2029-12-31', '10:00', {}, 'cancelled');
      await make('G completed', '2030-01-15', '11:00', { patientId: secondPatient }, 'completed');
      ok(await call('create', booking(other, { reason: 'elsewhere', scheduledDate: '2030-01-15' })));
    });

    test('doctorId and patientId keep that doctor\'s and that patient\'s appointments, alone or together', async () => {
      assert.deepEqual(reasons(await list({ doctorId: secondDoctor })), ['D second doctor and patient', 'B second doctor']);
      assert.deepEqual(reasons(await list({ doctorId: c.doctor.userId })), ['E next month', 'C second patient', 'G completed', 'A first doctor', 'F last year']);
      assert.deepEqual(reasons(await list({ patientId: secondPatient })), ['D second doctor and patient', 'C second patient', 'G completed']);
      assert.deepEqual(reasons(await list({ doctorId: secondDoctor, patientId: secondPatient })), ['D second doctor and patient']);
      assert.deepEqual(reasons(await list({ patientId: c.patient, doctorId: secondDoctor, dateFilter: 'all' })), ['B second doctor']);
      assert.equal((await list({ doctorId: null, patientId: null })).total, 7);
    });

    test('dateFrom..dateTo keeps the scheduled dates between them, both included, soonest first; within a dateFilter both apply', async () => {
      assert.deepEqual(reasons(await list({ dateFrom: '2030-01-15', dateTo: '2030-01-16' })), ['A first doctor', 'B second doctor', 'G completed', 'C second patient']);
      assert.deepEqual(reasons(await list({ dateFrom: '2030-01-16', dateTo: '2030-01-16' })), ['C second patient']);
      assert.equal((await list({ dateFrom: '2029-12-31', dateTo: '2030-12-30' })).total, 7);
      // today: 15 January; week: 14-20 January. The range cuts them; the dateFilter orders.
      assert.deepEqual(reasons(await list({ dateFilter: 'week', dateFrom: '2030-01-16', dateTo: '2030-02-28' })), ['C second patient', 'D second doctor and patient']);
      assert.deepEqual(reasons(await list({ dateFilter: 'today', dateFrom: '2030-01-16', dateTo: '2030-01-31' })), []);
      assert.deepEqual(reasons(await list({ dateFilter: 'all', dateFrom: '2030-01-16', dateTo: '2030-02-01' })), ['E next month', 'D second doctor and patient', 'C second patient']);
      assert.deepEqual(reasons(await list({ dateFilter: 'past', dateFrom: '2029-12-31', dateTo: '2030-01-15' })), ['A first doctor', 'F last year']);
      assert.deepEqual(reasons(await list({ dateFrom: '2030-01-15', dateTo: '2030-01-31', doctorId: secondDoctor })), ['B second doctor', 'D second doctor and patient']);
    });

    test('status keeps one known status or any of several; a label counts as the status it stands in', async () => {
      assert.deepEqual(reasons(await list({ status: 'cancelled' })), ['D second doctor and patient', 'F last year']);
      assert.deepEqual(reasons(await list({ status: ['checked_in', 'completed'] })), ['G completed', 'A first doctor']);
      assert.deepEqual(reasons(await list({ status: ['scheduled'] })), ['C second patient', 'B second doctor']);
      assert.deepEqual(reasons(await list({ status: 'confirmed', dateFrom: '2030-02-01', dateTo: '2030-02-01' })), ['E next month']);
      assert.equal((await list({ status: [] })).total, 7);
      const checkedIn = (await list({ status: 'checked_in' })).items[0];
      ok(await call('update', { id: checkedIn.id, organizationId: c.org, status: 'in the waiting room' }));
      const labelled = await list({ status: 'checked_in' });
      assert.deepEqual(labelled.items.map((a: { status: string }) => a.status), ['in the waiting room']);
      assert.deepEqual(reasons(await list({ status: 'scheduled', doctorId: secondDoctor })), ['B second doctor']);
    });

    test('a doctor or patient the organization does not have is NOT_FOUND, another organization\'s too', async () => {
      const receptionist = await signIn(t(), { organizationId: c.org, roles: ['receptionist'] });
      for (const [field, value, what] of [
        ['doctorId', 'no-such-doctor', 'doctor'],
        ['doctorId', other.doctor.userId, 'doctor'],
        ['doctorId', receptionist.userId, 'doctor'],
        ['patientId', 'no-such-patient', 'patient'],
        ['patientId', other.patient, 'patient'],
      ] as const) {
        const error = failsWith(await call('listByOrganization', { organizationId: c.org, [field]: value }, receptionist.token), 'NOT_FOUND', 404);
        assert.equal(error.message, `${what} not found`);
      }
    });

    test('bad values are VALIDATION_FAILED naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ dateFrom: '2030-01-15' }, 'dateTo'],
        [{ dateTo: '2030-01-15' }, 'dateFrom'],
        [{ dateFrom: '2030-01-16', dateTo: '2030-01-15' }, 'dateTo'],
        [{ dateFrom: '2030-01-01', dateTo: '2031-01-02' }, 'dateTo'],
        [{ dateFrom: '2030-02-30', dateTo: '2030-03-01' }, 'dateFrom'],
        [{ status: 'arrived' }, 'status'],
        [{ status: ['scheduled', 'arrived'] }, 'status'],
        [{ status: 7 }, 'status'],
        [{ doctorId: '' }, 'doctorId'],
        [{ patientId: 'x'.repeat(65) }, 'patientId'],
      ];
      for (const [data, path] of cases) {
        const error = failsWith(await call('listByOrganization', { organizationId: c.org, ...data }), 'VALIDATION_FAILED', 400);
        assert.deepEqual([...new Set(error.details?.map((d) => d.path))], [path], JSON.stringify(data));
      }
      assert.equal((await list({ dateFrom: '2030-01-01', dateTo: '2031-01-01' })).total, 6);
    });
  },
  { services: { now: () => NOW } },
);
