import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { kit, type Hospital } from '../admissions/admissions.testkit.ts';

const FIELDS = ['admissionId', 'createdAt', 'event', 'id', 'notes', 'organizationId', 'patientId', 'performedByRole', 'performedByUserId', 'source', 'updatedAt'];

describeEachDialect('admissionLogs', (t) => {
  const k = kit(t);
  let h: Hospital;
  let admissionId: string;
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('admissionLogs', op, data, token ? { token } : {});
  const create = (data: Record<string, unknown> = {}) =>
    call('create', {
      organizationId: h.organizationId,
      admissionId,
      patientId: h.patientId,
      event: 'NURSING_NOTE',
      performedByUserId: h.doctor.userId,
      performedByRole: 'doctor',
      ...data,
    });

  before(async () => {
    h = await k.hospital();
    admissionId = ok(await k.admit(h)).item.id;
  });

  test('create: a manual row, createdAt kept when given; it shows in getAdmissionLogs in time order', async () => {
    const { item } = ok(await create({ notes: 'Vitals stable', createdAt: 1, id: 'mine' }));
    assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.notEqual(item.id, 'mine');
    assert.equal(item.source, 'manual');
    assert.equal(item.createdAt, 1);
    assert.deepEqual(ok(await call('getById', { organizationId: h.organizationId, id: item.id })).item, item);
    assert.deepEqual(await k.events(admissionId), ['NURSING_NOTE', 'REQUESTED']);
  });

  test('create validates required fields and that admission, patient and actor belong together in the organization', async () => {
    const error = failsWith(await call('create', { organizationId: h.organizationId, createdAt: -5 }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['admissionId', 'createdAt', 'event', 'patientId', 'performedByRole', 'performedByUserId']);
    const other = await k.hospital();
    const otherAdmission = ok(await k.admit(other)).item.id;
    const second = await k.patient(h.organizationId, 'Second');
    for (const [data, path] of [
      [{ admissionId: otherAdmission }, 'admissionId'],
      [{ patientId: second }, 'patientId'],
      [{ performedByUserId: other.doctor.userId }, 'performedByUserId'],
    ] as const) {
      assert.deepEqual(failsWith(await create(data), 'VALIDATION_FAILED', 400).details!.map((d) => d.path), [path]);
    }
  });

  test('manual rows may be updated and deleted; rows the workflow wrote cannot (INVALID_STATE)', async () => {
    const { item } = ok(await create());
    const updated = ok(await call('update', { organizationId: h.organizationId, id: item.id, notes: 'corrected', event: 'NOTE' })).item;
    assert.deepEqual([updated.notes, updated.event, updated.source], ['corrected', 'NOTE', 'manual']);
    failsWith(await call('update', { organizationId: h.organizationId, id: item.id, event: null }), 'VALIDATION_FAILED', 400);
    // createdAt ts? may be corrected, and null leaves it as stored (the column is never empty).
    assert.equal(ok(await call('update', { organizationId: h.organizationId, id: item.id, createdAt: 5 })).item.createdAt, 5);
    const kept = ok(await call('update', { organizationId: h.organizationId, id: item.id, createdAt: null, notes: 'again' })).item;
    assert.deepEqual([kept.createdAt, kept.notes], [5, 'again']);
    assert.deepEqual(ok(await call('delete', { organizationId: h.organizationId, id: item.id })), { id: item.id, deleted: true });
    const system = (await k.logs(admissionId)).find((l) => l.source === 'system')!;
    failsWith(await call('update', { organizationId: h.organizationId, id: system.id, event: 'DISCHARGED' }), 'INVALID_STATE', 409);
    failsWith(await call('delete', { organizationId: h.organizationId, id: system.id }), 'INVALID_STATE', 409);
    assert.equal((await k.logs(admissionId)).find((l) => l.id === system.id)!.event, 'REQUESTED');
  });

  test('listByOrganization: newest first, by admission and event; another organization sees none; cross-tenant NOT_FOUND / FORBIDDEN', async () => {
    const own = await k.hospital();
    const stay = ok(await k.admit(own)).item.id;
    ok(await k.update(own, stay, { status: 'ADMITTED' }));
    const list = async (filters: Record<string, unknown> = {}) => ok(await call('listByOrganization', { organizationId: own.organizationId, ...filters }));
    assert.deepEqual((await list()).items.map((l: { event: string }) => l.event), ['ADMITTED', 'REQUESTED']);
    assert.equal((await list({ event: 'ADMITTED' })).total, 1);
    assert.equal((await list({ admissionId: stay, pageSize: 1 })).totalPages, 2);
    const { item } = ok(await create());
    for (const op of ['getById', 'update', 'delete']) {
      failsWith(await call(op, { organizationId: orgId(), id: item.id, notes: 'x' }), 'NOT_FOUND', 404);
    }
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    failsWith(await call('listByOrganization', { organizationId: own.organizationId }, outsider.token), 'FORBIDDEN', 403);
    failsWith(await call('listByOrganization', {}), 'VALIDATION_FAILED', 400);
  });

  test('with a token: a nurse or doctor writes and corrects log rows, only an admin deletes them; receptionist, accountant, hr, pharmacist and an account without membership write none', async () => {
    const staff = (role: string) => signIn(t(), { organizationId: h.organizationId, roles: [role] });
    const nurse = await staff('nurse');
    const row = { organizationId: h.organizationId, admissionId, patientId: h.patientId, event: 'VITALS', performedByUserId: nurse.userId, performedByRole: 'nurse' };
    const { item } = ok(await call('create', row, nurse.token));
    ok(await call('update', { organizationId: h.organizationId, id: item.id, notes: 'BP 120/80' }, h.doctor.token));
    failsWith(await call('delete', { organizationId: h.organizationId, id: item.id }, nurse.token), 'FORBIDDEN', 403);
    failsWith(await call('delete', { organizationId: h.organizationId, id: item.id }, h.doctor.token), 'FORBIDDEN', 403);
    const account = await tokenFor(t(), newId());
    for (const token of [h.receptionist.token, h.accountant.token, (await staff('hr')).token, (await staff('pharmacist')).token, account]) {
      failsWith(await call('create', row, token), 'FORBIDDEN', 403);
    }
    failsWith(await call('getById', { organizationId: h.organizationId, id: item.id }, account), 'FORBIDDEN', 403);
    ok(await call('delete', { organizationId: h.organizationId, id: item.id }, (await staff('admin')).token));
  });

  test('with a token a row is written in the writer\'s own name and role; a platform admin back-fills anyone\'s', async () => {
    const nurse = await signIn(t(), { organizationId: h.organizationId, roles: ['nurse'] });
    const row = { organizationId: h.organizationId, admissionId, patientId: h.patientId, event: 'VITALS', performedByUserId: nurse.userId, performedByRole: 'nurse' };
    const asDoctor = failsWith(await call('create', { ...row, performedByUserId: h.doctor.userId, performedByRole: 'doctor' }, nurse.token), 'FORBIDDEN', 403);
    assert.match(asDoctor.message, /performedByUserId/);
    failsWith(await call('create', { ...row, performedByRole: 'doctor' }, nurse.token), 'FORBIDDEN', 403);
    const { item } = ok(await call('create', row, nurse.token));
    failsWith(await call('update', { organizationId: h.organizationId, id: item.id, performedByUserId: h.doctor.userId }, nurse.token), 'FORBIDDEN', 403);
    ok(await call('update', { organizationId: h.organizationId, id: item.id, notes: 'BP 120/80' }, h.doctor.token));
    const root = await platformAdmin(t());
    const backFilled = ok(await call('create', { ...row, performedByUserId: h.doctor.userId, performedByRole: 'doctor' }, root.token)).item;
    assert.equal(backFilled.performedByUserId, h.doctor.userId);
    const stored = await t().database.db.selectFrom('admissionLogs').select('performedByUserId').where('id', '=', item.id).executeTakeFirstOrThrow();
    assert.equal(stored.performedByUserId, nurse.userId);
  });
});
