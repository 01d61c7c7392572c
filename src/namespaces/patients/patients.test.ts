import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { findPatient, findPatientByContact } from './patients.repo.ts';
import { presentLink } from './patients.linkRequests.ts';

// Extension fields: accountLinkStatus and the link* fields of a link staff asked for (docs/identity.md, "Patient account links").
const FIELDS = [
  'accountLinkStatus', 'address', 'createdAt', 'dob', 'email', 'gender', 'id', 'idpUserId',
  'linkExpiresAt', 'linkRequestedAt', 'linkRequestedBy', 'mobileNumber', 'name', 'organizationId', 'updatedAt',
];

describeEachDialect('patients', (t) => {
  const org = orgId();
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('patients', op, data, token ? { token } : {});
  const create = (data: Record<string, unknown> = {}, organizationId = org) => call('create', { organizationId, name: 'Asha Rao', ...data });

  test('create stores the whole record with mobile number and email normalised; getById returns it', async () => {
    const { item } = ok(
      await create({
        dob: '1990-04-12',
        gender: 'female',
        mobileNumber: '+91 98765-43210',
        email: ' Asha.Rao@Example.TEST ',
        address: { city: 'Pune', postalCode: '411001' },
        id: 'mine',
        extra: 1,
      }),
    );
    assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.notEqual(item.id, 'mine');
    assert.equal(item.organizationId, org);
    assert.equal(item.mobileNumber, '+919876543210');
    assert.equal(item.email, 'asha.rao@example.test');
    assert.deepEqual(item.address, { city: 'Pune', postalCode: '411001' });
    assert.equal(item.idpUserId, null);
    assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org })).item, item);
    assert.deepEqual(presentLink((await findPatient(t().database.db, org, item.id))!, Date.now()), item);
  });

  test('create validates name, date of birth (a calendar date, not in the future), mobile number and email', async () => {
    const error = failsWith(
      await call('create', { organizationId: org, dob: '2026-02-30', mobileNumber: 'call me', email: 'nope', address: 'Pune' }),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['address', 'dob', 'email', 'mobileNumber', 'name']);
    const future = failsWith(await create({ dob: '2999-01-01' }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(future.details!.map((d) => d.path), ['dob']);
    failsWith(await call('create', { name: 'No organization' }), 'VALIDATION_FAILED', 400);
  });

  test('mobile numbers may repeat (a family); one account may be linked to several patients of an organization', async () => {
    ok(await create({ name: 'Parent', mobileNumber: '9876500001' }));
    ok(await create({ name: 'Child', mobileNumber: '9876500001' }));
    const idp = newId();
    ok(await create({ name: 'Parent', idpUserId: idp }));
    ok(await create({ name: 'Child', idpUserId: idp }));
    ok(await create({ idpUserId: idp }, orgId()));
    const linked = await t().database.db.selectFrom('patients').select('id').where('idpUserId', '=', idp).execute();
    assert.equal(linked.length, 3);
  });

  test('update: omitted unchanged, null clears, name not clearable; another organization is NOT_FOUND', async () => {
    const { item } = ok(await create({ gender: 'male', email: 'old@example.test', mobileNumber: '9876500002' }));
    const updated = ok(await call('update', { id: item.id, organizationId: org, email: 'NEW@example.test', gender: null })).item;
    assert.equal(updated.email, 'new@example.test');
    assert.equal(updated.gender, null);
    assert.equal(updated.mobileNumber, '9876500002');
    assert.equal(updated.name, item.name);
    failsWith(await call('update', { id: item.id, organizationId: org, name: null }), 'VALIDATION_FAILED', 400);
    failsWith(await call('update', { id: item.id, organizationId: org, dob: '2999-12-31' }), 'VALIDATION_FAILED', 400);
    failsWith(await call('update', { id: item.id, organizationId: orgId(), name: 'X' }), 'NOT_FOUND', 404);
    failsWith(await call('getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
    assert.equal(await findPatient(t().database.db, orgId(), item.id), undefined);
  });

  test('delete removes the record; from another organization it is NOT_FOUND', async () => {
    const { item } = ok(await create());
    failsWith(await call('delete', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
    failsWith(await call('delete', { id: item.id }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(ok(await call('delete', { id: item.id, organizationId: org })), { id: item.id, deleted: true });
    failsWith(await call('getById', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
  });

  test('a member of another organization is FORBIDDEN', async () => {
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['receptionist'] });
    const member = await signIn(t(), { organizationId: org, roles: ['receptionist'] });
    failsWith(await call('create', { organizationId: org, name: 'X' }, outsider.token), 'FORBIDDEN', 403);
    ok(await call('create', { organizationId: org, name: 'X' }, member.token));
  });

  test('listByOrganization pages the organization\'s patients and searches name, mobile number and email', async () => {
    const own = orgId();
    const tag = newId().slice(-8);
    ok(await create({ name: `Meera ${tag}`, mobileNumber: '9000000001' }, own));
    ok(await create({ name: 'Ravi', email: `ravi.${tag}@example.test` }, own));
    ok(await create({ name: 'Sunil', mobileNumber: '9000000777' }, own));
    ok(await create({ name: `Meera ${tag}` }, orgId()));
    const page = ok(await call('listByOrganization', { organizationId: own, pageSize: 2 }));
    assert.equal(page.total, 3);
    assert.equal(page.items.length, 2);
    assert.equal(page.totalPages, 2);
    const found = ok(await call('listByOrganization', { organizationId: own, search: tag.toUpperCase() }));
    assert.deepEqual(found.items.map((p: { name: string }) => p.name).sort(), [`Meera ${tag}`, 'Ravi']);
    assert.equal(ok(await call('listByOrganization', { organizationId: own, search: '0777' })).items[0].name, 'Sunil');
    failsWith(await call('listByOrganization', { pageSize: 5 }), 'VALIDATION_FAILED', 400);
  });

  test('findPatientByContact matches the normalised mobile number first (earliest patient), then email, only in the organization', async () => {
    const own = orgId();
    const db = t().database.db;
    const parent = ok(await create({ name: 'Parent', mobileNumber: '+91 90000 11111', email: 'parent@example.test' }, own)).item;
    ok(await create({ name: 'Child', mobileNumber: '+919000011111' }, own));
    const other = ok(await create({ name: 'Other', email: 'other@example.test' }, own)).item;
    assert.equal((await findPatientByContact(db, own, { mobileNumber: '+91-9000011111' }))?.id, parent.id);
    assert.equal((await findPatientByContact(db, own, { mobileNumber: '+910000000000', email: 'OTHER@example.test' }))?.id, other.id);
    assert.equal((await findPatientByContact(db, own, { mobileNumber: '+919000011111', email: 'other@example.test' }))?.id, parent.id);
    assert.equal(await findPatientByContact(db, own, {}), undefined);
    assert.equal(await findPatientByContact(db, own, { mobileNumber: 'not a number', email: ' ' }), undefined);
    assert.equal(await findPatientByContact(db, orgId(), { mobileNumber: '+919000011111' }), undefined);
  });
});
