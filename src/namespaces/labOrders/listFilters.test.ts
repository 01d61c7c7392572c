import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';
import { labSetup, orderInput } from './labOrders.testkit.ts';

type Setup = Awaited<ReturnType<typeof labSetup>>;

describeEachDialect('labOrders lists: a receptionist\'s filters (doctor, patient, date range, status)', (t) => {
  let lab: Setup;
  let other: Setup;
  let secondPatient: string;
  let secondDoctor: string;
  const call = (apiName: string, data: Record<string, unknown>, token?: string) => t().call('labOrders', apiName, { organizationId: lab.organizationId, ...data }, token ? { token } : {});
  const notes = (page: { items: { notes: string }[] }) => page.items.map((o) => o.notes);
  const list = async (data: Record<string, unknown>) => notes(ok(await call('listByOrganization', data)));

  const organization = async (timezone: string) =>
    (ok(await t().call('organizations', 'create', { name: 'Lab', slug: `lab-${newId().slice(-12).toLowerCase()}`, type: 'clinic', timezone })) as { item: { id: string } }).item.id;

  before(async () => {
    // Asia/Kolkata is UTC+05:30: 20:00 UTC on the 15th is 01:30 on the 16th there.
    lab = await labSetup(t(), await organization('Asia/Kolkata'));
    other = await labSetup(t(), await organization('UTC'));
    secondPatient = (ok(await t().call('patients', 'create', { organizationId: lab.organizationId, name: 'Meera Iyer' })) as { item: { id: string } }).item.id;
    secondDoctor = (await signIn(t(), { organizationId: lab.organizationId, roles: ['doctor'] })).userId;
    const done = [{ name: 'CBC', status: 'completed' }];
    const started = [{ name: 'CBC', status: 'sample_collected' }, { name: 'Lipid profile' }];
    const orders: [string, number, Record<string, unknown>][] = [
      ['A 15th', Date.UTC(2030, 0, 15, 9), { doctorId: lab.doctorId }],
      ['B 16th there', Date.UTC(2030, 0, 15, 20), { doctorId: secondDoctor, status: 'completed', tests: done }],
      ['C 17th, Meera', Date.UTC(2030, 0, 17, 9), { patientId: secondPatient, status: 'in_progress', tests: started }],
      ['D 20th, Meera, second doctor', Date.UTC(2030, 0, 20, 9), { patientId: secondPatient, doctorId: secondDoctor, status: 'cancelled' }],
    ];
    for (const [note, createdAt, extra] of orders) ok(await call('create', orderInput(lab, { notes: note, createdAt, ...extra })));
    ok(await t().call('labOrders', 'create', orderInput(other, { notes: 'elsewhere', doctorId: other.doctorId, createdAt: Date.UTC(2030, 0, 15, 9) })));
  });

  test('doctorId, patientId and status keep those orders, alone or together; getLabReport takes the same filters', async () => {
    assert.deepEqual(await list({}), ['D 20th, Meera, second doctor', 'C 17th, Meera', 'B 16th there', 'A 15th']);
    assert.deepEqual(await list({ doctorId: secondDoctor }), ['D 20th, Meera, second doctor', 'B 16th there']);
    assert.deepEqual(await list({ patientId: secondPatient }), ['D 20th, Meera, second doctor', 'C 17th, Meera']);
    assert.deepEqual(await list({ patientId: secondPatient, doctorId: secondDoctor }), ['D 20th, Meera, second doctor']);
    assert.deepEqual(await list({ status: 'ordered' }), ['A 15th']);
    assert.deepEqual(await list({ status: ['completed', 'in_progress'] }), ['C 17th, Meera', 'B 16th there']);
    assert.deepEqual(await list({ status: ['cancelled'], patientId: lab.patientId }), []);
    assert.deepEqual(notes(ok(await call('getLabReport', { doctorId: secondDoctor, status: 'completed' }))), ['B 16th there']);
  });

  test('dateFrom..dateTo keeps the orders created on those days of the organization\'s clock', async () => {
    assert.deepEqual(await list({ dateFrom: '2030-01-15', dateTo: '2030-01-15' }), ['A 15th']);
    assert.deepEqual(await list({ dateFrom: '2030-01-16', dateTo: '2030-01-17' }), ['C 17th, Meera', 'B 16th there']);
    assert.deepEqual(await list({ dateFrom: '2030-01-16', dateTo: '2030-01-31', status: ['cancelled', 'completed'] }), ['D 20th, Meera, second doctor', 'B 16th there']);
    assert.deepEqual(notes(ok(await call('getLabReport', { dateFrom: '2030-01-20', dateTo: '2030-01-20' }))), ['D 20th, Meera, second doctor']);
  });

  test('an unknown doctor or patient, or another organization\'s, is NOT_FOUND', async () => {
    for (const apiName of ['listByOrganization', 'getLabReport']) {
      for (const [data, message] of [
        [{ doctorId: 'nobody' }, 'doctor not found'],
        [{ doctorId: other.doctorId }, 'doctor not found'],
        [{ patientId: 'nobody' }, 'patient not found'],
        [{ patientId: other.patientId }, 'patient not found'],
      ] as const) {
        assert.equal(failsWith(await call(apiName, data, lab.doctor.token), 'NOT_FOUND', 404).message, message);
      }
    }
  });

  test('bad values are VALIDATION_FAILED naming the field', async () => {
    for (const [data, path] of [
      [{ dateTo: '2030-01-15' }, 'dateFrom'],
      [{ dateFrom: '2030-01-16', dateTo: '2030-01-15' }, 'dateTo'],
      [{ dateFrom: '2030-01-01', dateTo: '2031-06-01' }, 'dateTo'],
      [{ status: 'done' }, 'status'],
      [{ status: ['ordered', 'sample_collected'] }, 'status'],
      [{ doctorId: '' }, 'doctorId'],
    ] as const) {
      const error = failsWith(await call('listByOrganization', data), 'VALIDATION_FAILED', 400);
      assert.deepEqual([...new Set(error.details?.map((d) => d.path))], [path], JSON.stringify(data));
    }
  });
});
