import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit, type Hospital } from './admissions.testkit.ts';

let clock = Date.UTC(2030, 0, 15, 9, 0);

describeEachDialect(
  'admissions.listByOrganization: a receptionist\'s filters (doctor, patient, admission date)',
  (t) => {
    const k = kit(t);
    let h: Hospital;
    let other: Hospital;
    let colleague: string;
    let meera: string;
    const ids: Record<string, string> = {};
    const list = async (data: Record<string, unknown>) => ok(await t().call('admissions', 'listByOrganization', { organizationId: h.organizationId, ...data }));
    const reasons = (page: { items: { admissionReason: string }[] }) => page.items.map((a) => a.admissionReason);

    before(async () => {
      h = await k.hospital();
      other = await k.hospital();
      // Asia/Kolkata is UTC+05:30: 20:00 UTC on the 15th is 01:30 on the 16th there.
      ok(await t().call('organizations', 'update', { id: h.organizationId, timezone: 'Asia/Kolkata' }));
      colleague = (await signIn(t(), { organizationId: h.organizationId, roles: ['doctor'] })).userId;
      meera = await k.patient(h.organizationId, 'Meera Iyer');
      const make = async (reason: string, at: number, data: Record<string, unknown>) => {
        clock = at;
        ids[reason] = (ok(await k.admit(h, { admissionReason: reason, ...data })).item as { id: string }).id;
      };
      await make('A admitted 15th', Date.UTC(2030, 0, 15, 9, 0), { status: 'ADMITTED' });
      await make('B admitted 16th by a colleague', Date.UTC(2030, 0, 15, 20, 0), { status: 'ADMITTED', admittingDoctorId: colleague });
      await make('C requested for Meera', Date.UTC(2030, 0, 16, 9, 0), { patientId: meera });
      await make('D admitted 20th, Meera, colleague', Date.UTC(2030, 0, 20, 9, 0), { status: 'ADMITTED', patientId: meera, admittingDoctorId: colleague });
      clock = Date.UTC(2030, 0, 21, 9, 0);
      ok(await k.admit(other, { status: 'ADMITTED', admissionReason: 'elsewhere' }));
    });

    test('doctorId and patientId keep that admitting doctor\'s and that patient\'s admissions', async () => {
      assert.deepEqual(reasons(await list({})), ['D admitted 20th, Meera, colleague', 'C requested for Meera', 'B admitted 16th by a colleague', 'A admitted 15th']);
      assert.deepEqual(reasons(await list({ doctorId: colleague })), ['D admitted 20th, Meera, colleague', 'B admitted 16th by a colleague']);
      assert.deepEqual(reasons(await list({ patientId: meera })), ['D admitted 20th, Meera, colleague', 'C requested for Meera']);
      assert.deepEqual(reasons(await list({ patientId: meera, doctorId: h.doctor.userId })), ['C requested for Meera']);
      assert.deepEqual(reasons(await list({ patientId: h.patientId, status: 'admitted' })), ['B admitted 16th by a colleague', 'A admitted 15th']);
      assert.deepEqual(reasons(await list({ patientId: h.patientId, status: 'admitted', doctorId: h.doctor.userId })), ['A admitted 15th']);
    });

    test('status takes a list too: any of its statuses (known ones in any case)', async () => {
      assert.deepEqual(reasons(await list({ status: ['requested'] })), ['C requested for Meera']);
      assert.deepEqual(reasons(await list({ status: ['REQUESTED', 'admitted'], doctorId: h.doctor.userId })), ['C requested for Meera', 'A admitted 15th']);
      assert.deepEqual(reasons(await list({ status: ['DISCHARGED', 'CANCELLED'] })), []);
      assert.equal((await list({ status: [] })).total, 4);
    });

    test('dateFrom..dateTo keeps the admissions admitted on those days of the organization\'s clock; requests are not admitted yet', async () => {
      assert.deepEqual(reasons(await list({ dateFrom: '2030-01-15', dateTo: '2030-01-15' })), ['A admitted 15th']);
      assert.deepEqual(reasons(await list({ dateFrom: '2030-01-16', dateTo: '2030-01-19' })), ['B admitted 16th by a colleague']);
      assert.deepEqual(reasons(await list({ dateFrom: '2030-01-15', dateTo: '2030-01-20' })), ['D admitted 20th, Meera, colleague', 'B admitted 16th by a colleague', 'A admitted 15th']);
      assert.deepEqual(reasons(await list({ dateFrom: '2030-01-15', dateTo: '2030-01-20', doctorId: colleague, patientId: meera })), ['D admitted 20th, Meera, colleague']);
      assert.deepEqual(reasons(await list({ dateFrom: '2030-01-21', dateTo: '2030-01-31' })), []);
    });

    test('an unknown doctor or patient, or another organization\'s, is NOT_FOUND', async () => {
      for (const [data, message] of [
        [{ doctorId: 'nobody' }, 'doctor not found'],
        [{ doctorId: other.doctor.userId }, 'doctor not found'],
        [{ doctorId: h.receptionist.userId }, 'doctor not found'],
        [{ patientId: 'nobody' }, 'patient not found'],
        [{ patientId: other.patientId }, 'patient not found'],
      ] as const) {
        const error = failsWith(await t().call('admissions', 'listByOrganization', { organizationId: h.organizationId, ...data }, { token: h.receptionist.token }), 'NOT_FOUND', 404);
        assert.equal(error.message, message);
      }
    });

    test('bad values are VALIDATION_FAILED naming the field', async () => {
      for (const [data, path] of [
        [{ dateFrom: '2030-01-15' }, 'dateTo'],
        [{ dateFrom: '2030-01-16', dateTo: '2030-01-15' }, 'dateTo'],
        [{ dateFrom: '2030-01-01', dateTo: '2031-01-02' }, 'dateTo'],
        [{ dateTo: '15/01/2030', dateFrom: '2030-01-01' }, 'dateTo'],
        [{ doctorId: 5 }, 'doctorId'],
        [{ patientId: '' }, 'patientId'],
        [{ status: ['ADMITTED', ''] }, 'status.1'],
        [{ status: Array.from({ length: 21 }, () => 'ADMITTED') }, 'status'],
        [{ status: 7 }, 'status'],
      ] as const) {
        const error = failsWith(await t().call('admissions', 'listByOrganization', { organizationId: h.organizationId, ...data }), 'VALIDATION_FAILED', 400);
        assert.deepEqual([...new Set(error.details?.map((d) => d.path))], [path], JSON.stringify(data));
      }
    });
  },
  { services: { now: () => clock } },
);
