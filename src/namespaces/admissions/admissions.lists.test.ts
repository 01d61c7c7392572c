import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, platformAdmin, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit, type Hospital } from './admissions.testkit.ts';

describeEachDialect('admissions lists and logs', (t) => {
  const k = kit(t);
  let h: Hospital;

  before(async () => {
    h = await k.hospital();
  });

  test('listByOrganization: newest first, status filter (any case), search over patient name, mobile and reason, paging', async () => {
    const own = await k.hospital();
    const meera = await k.patient(own.organizationId, 'Meera Iyer');
    const first = ok(await k.admit(own, { admissionReason: 'Dengue fever' })).item;
    const second = ok(await k.admit(own, { patientId: meera, admissionReason: 'Fracture', status: 'ADMITTED' })).item;
    const third = ok(await k.admit(own, { admissionReason: 'Observation' })).item;
    ok(await k.admit(h, { admissionReason: 'Dengue fever' }));
    const list = (filters: Record<string, unknown>) => t().call('admissions', 'listByOrganization', { organizationId: own.organizationId, ...filters });
    const all = ok(await list({}));
    assert.deepEqual(all.items.map((a: { id: string }) => a.id), [third.id, second.id, first.id]);
    assert.equal(all.total, 3);
    assert.deepEqual(ok(await list({ status: 'admitted' })).items.map((a: { id: string }) => a.id), [second.id]);
    assert.deepEqual(ok(await list({ searchQuery: 'MEERA' })).items.map((a: { id: string }) => a.id), [second.id]);
    assert.deepEqual(ok(await list({ searchQuery: 'dengue' })).items.map((a: { id: string }) => a.id), [first.id]);
    assert.equal(ok(await list({ searchQuery: '98765' })).total, 3, 'the mobile number of the patients');
    assert.equal(ok(await list({ searchQuery: '%' })).total, 0, 'wildcards are literal');
    const paged = ok(await list({ pageSize: 2, page: 2 }));
    assert.deepEqual([paged.items.length, paged.total, paged.totalPages, paged.page], [1, 3, 2, 2]);
    failsWith(await list({ pageSize: 101 }), 'VALIDATION_FAILED', 400);
    failsWith(await t().call('admissions', 'listByOrganization', {}), 'VALIDATION_FAILED', 400);
    assert.equal(ok(await t().call('admissions', 'listByOrganization', { organizationId: orgId() })).total, 0);
  });

  test('listByDoctorId: the admitting doctor\'s admissions, by status; unknown or unreachable doctor is NOT_FOUND', async () => {
    const own = await k.hospital();
    const colleague = await signIn(t(), { organizationId: own.organizationId, roles: ['doctor'] });
    const mine = ok(await k.admit(own)).item;
    const admitted = ok(await k.admit(own, { status: 'ADMITTED' })).item;
    ok(await k.admit(own, { admittingDoctorId: colleague.userId }));
    const list = (data: Record<string, unknown>, token?: string) => t().call('admissions', 'listByDoctorId', data, token ? { token } : {});
    const all = ok(await list({ doctorId: own.doctor.userId }));
    assert.deepEqual(all.items.map((a: { id: string }) => a.id), [admitted.id, mine.id]);
    assert.deepEqual(ok(await list({ doctorId: own.doctor.userId, status: 'REQUESTED' })).items.map((a: { id: string }) => a.id), [mine.id]);
    assert.equal(ok(await list({ doctorId: own.doctor.userId, pageSize: 1 })).totalPages, 2);
    assert.equal(ok(await list({ doctorId: own.doctor.userId }, own.doctor.token)).total, 2);
    failsWith(await list({ doctorId: 'nobody' }), 'NOT_FOUND', 404);
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['doctor'] });
    failsWith(await list({ doctorId: own.doctor.userId }, outsider.token), 'NOT_FOUND', 404);
    assert.equal(ok(await list({ doctorId: own.doctor.userId }, (await platformAdmin(t())).token)).total, 2);
    failsWith(await list({}), 'VALIDATION_FAILED', 400);
    failsWith(await list({ doctorId: own.doctor.userId, page: 0 }), 'VALIDATION_FAILED', 400);
  });

  test('getAdmissionLogs: every status change and bed move in order, with who, role and when', async () => {
    const first = await k.bed(h);
    const second = await k.bed(h);
    const { item } = ok(await k.admit(h, { bedId: first }, h.receptionist.token));
    ok(await k.update(h, item.id, { status: 'ADMITTED' }, h.doctor.token));
    ok(await k.update(h, item.id, { bedId: second }, h.receptionist.token));
    ok(await k.update(h, item.id, { admissionNotes: 'no status change: not logged' }, h.doctor.token));
    const logs = await k.logs(item.id);
    assert.deepEqual(
      logs.map((l) => [l.event, l.performedByUserId, l.performedByRole]),
      [
        ['REQUESTED', h.receptionist.userId, 'receptionist'],
        ['BED_ASSIGNED', h.receptionist.userId, 'receptionist'],
        ['ADMITTED', h.doctor.userId, 'doctor'],
        ['BED_CHANGED', h.receptionist.userId, 'receptionist'],
      ],
    );
    assert.equal(logs[3]!.notes, `from bed ${first} to bed ${second}`);
    const times = logs.map((l) => l.createdAt as number);
    assert.deepEqual([...times].sort((a, b) => a - b), times);
    for (const l of logs) assert.equal(l.admissionId, item.id);
  });

  test('getAdmissionLogs: unknown admission NOT_FOUND; a caller of another organization NOT_FOUND; a member and a platform admin see them', async () => {
    const { item } = ok(await k.admit(h));
    const logs = (admissionId: string, token?: string) => t().call('admissions', 'getAdmissionLogs', { admissionId }, token ? { token } : {});
    failsWith(await logs('no-such-admission'), 'NOT_FOUND', 404);
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    failsWith(await logs(item.id, outsider.token), 'NOT_FOUND', 404);
    assert.equal(ok(await logs(item.id, h.doctor.token)).items.length, 1);
    assert.equal(ok(await logs(item.id, (await platformAdmin(t())).token)).items.length, 1);
    const blocked = await signIn(t(), { organizationId: h.organizationId, roles: ['nurse'], blocked: true });
    failsWith(await logs(item.id, blocked.token), 'FORBIDDEN', 403);
    failsWith(await t().call('admissions', 'getAdmissionLogs', {}), 'VALIDATION_FAILED', 400);
  });
});
