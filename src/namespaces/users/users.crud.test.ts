import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { orgId } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const COLUMNS = [
  'id', 'idpUserId', 'organizationId', 'organizationBranchIds', 'email', 'title', 'displayName', 'avatarUrl', 'role', 'roles',
  'isActive', 'isBlocked', 'blockedAt', 'blockedBy', 'lastLoginAt', 'isVerified', 'verifiedAt', 'verifiedBy', 'gender', 'yoe',
  'totalReviews', 'averageRatings', 'onboardingStatus', 'createdAt', 'updatedAt',
  // Extension: the record's invitation (docs/identity.md, "Invitations and consent").
  'invitationStatus', 'invitedBy', 'invitedAt', 'invitationExpiresAt', 'respondedAt',
].sort();

describeEachDialect('users records', (t) => {
  const org = orgId();
  const create = (data: Record<string, unknown> = {}) =>
    t().call('users', 'create', { idpUserId: newId(), email: 'a@example.test', role: 'nurse', organizationId: org, ...data });

  test('create stores the whole record: every column, booleans as booleans, roles holding the role', async () => {
    const idp = newId();
    const { item } = ok(await create({ idpUserId: idp, displayName: 'Ann', roles: ['staff', 'nurse', 'staff'], id: 'mine', extra: 1 }));
    assert.deepEqual(Object.keys(item).sort(), COLUMNS);
    assert.notEqual(item.id, 'mine');
    assert.equal(item.idpUserId, idp);
    assert.equal(item.organizationId, org);
    assert.equal(item.role, 'nurse');
    assert.deepEqual(item.roles, ['nurse', 'staff']);
    assert.equal(item.isActive, true);
    assert.equal(item.isBlocked, false);
    assert.equal(item.isVerified, null);
    assert.equal(item.organizationBranchIds, null);
    assert.equal(typeof item.createdAt, 'number');
    assert.deepEqual(ok(await t().call('users', 'getById', { id: item.id, organizationId: org })).item, item);
  });

  test('create without roles stores [role]; without organizationId makes a platform-level record', async () => {
    const { item } = ok(await create({ organizationId: undefined, role: 'doctor', isActive: false }));
    assert.equal(item.organizationId, null);
    assert.deepEqual(item.roles, ['doctor']);
    assert.equal(item.isActive, false);
  });

  test('create validates: email format, known role, every roles entry, required fields', async () => {
    const error = failsWith(
      await t().call('users', 'create', { email: 'not-an-email', role: 'wizard', roles: ['doctor', 'chef'], organizationId: org }),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['email', 'idpUserId', 'role', 'roles.1']);
  });

  test('the same idpUserId twice in one organization is CONFLICT, in another organization it is not', async () => {
    const idp = newId();
    ok(await create({ idpUserId: idp }));
    failsWith(await create({ idpUserId: idp }), 'CONFLICT', 409);
    ok(await create({ idpUserId: idp, organizationId: orgId() }));
    ok(await create({ idpUserId: idp, organizationId: null }));
    failsWith(await create({ idpUserId: idp, organizationId: null }), 'CONFLICT', 409);
  });

  test('getById: NOT_FOUND from another organization, VALIDATION_FAILED without organizationId', async () => {
    const { item } = ok(await create());
    failsWith(await t().call('users', 'getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
    failsWith(await t().call('users', 'getById', { id: item.id }), 'VALIDATION_FAILED', 400);
  });

  test('update: omitted unchanged, null clears, roles keep the role, id and organizationId never change', async () => {
    const { item } = ok(await create({ displayName: 'Before', avatarUrl: 'http://x/a.png' }));
    const updated = ok(
      await t().call('users', 'update', {
        id: item.id,
        organizationId: org,
        displayName: null,
        role: 'doctor',
        roles: ['hr'],
        organizationBranchIds: ['b1', 'b2'],
        isVerified: true,
        yoe: 7,
        averageRatings: 4.5,
        gender: 'female',
        onboardingStatus: 'completed',
        lastLoginAt: 1_700_000_000_000,
      }),
    ).item;
    assert.equal(updated.id, item.id);
    assert.equal(updated.organizationId, org);
    assert.equal(updated.displayName, null);
    assert.equal(updated.avatarUrl, 'http://x/a.png');
    assert.equal(updated.role, 'doctor');
    assert.deepEqual(updated.roles, ['doctor', 'hr']);
    assert.deepEqual(updated.organizationBranchIds, ['b1', 'b2']);
    assert.equal(updated.isVerified, true);
    assert.equal(updated.yoe, 7);
    assert.equal(updated.averageRatings, 4.5);
    assert.equal(updated.lastLoginAt, 1_700_000_000_000);
    assert.equal(updated.onboardingStatus, 'completed');
    assert.deepEqual(ok(await t().call('users', 'getById', { id: item.id, organizationId: org })).item, updated);

    const cleared = ok(await t().call('users', 'update', { id: item.id, organizationId: org, roles: null, organizationId2: 'x' })).item;
    assert.deepEqual(cleared.roles, ['doctor']);
  });

  test('update: idpUserId, email and role cannot be cleared; bad values and unknown roles fail; other org NOT_FOUND', async () => {
    const { item } = ok(await create());
    const error = failsWith(
      await t().call('users', 'update', { id: item.id, organizationId: org, idpUserId: null, email: null, role: null, roles: ['x'], yoe: 1.5 }),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['email', 'idpUserId', 'role', 'roles.0', 'yoe']);
    failsWith(await t().call('users', 'update', { id: item.id, organizationId: orgId(), displayName: 'x' }), 'NOT_FOUND', 404);
    assert.equal(ok(await t().call('users', 'getById', { id: item.id, organizationId: org })).item.displayName, null);
  });

  test('update: createdAt null leaves it as stored, updatedAt null is now; a given createdAt is kept', async () => {
    const { item } = ok(await create());
    const same = ok(await t().call('users', 'update', { id: item.id, organizationId: org, createdAt: null, updatedAt: null, title: 'Dr' })).item;
    assert.equal(same.createdAt, item.createdAt);
    assert.equal(same.title, 'Dr');
    const moved = ok(await t().call('users', 'update', { id: item.id, organizationId: org, createdAt: 1_600_000_000_000 })).item;
    assert.equal(moved.createdAt, 1_600_000_000_000);
  });

  test('counts beyond what an integer column holds are VALIDATION_FAILED, not a 5xx', async () => {
    const { item } = ok(await create());
    const largest = 2_147_483_647;
    assert.equal(ok(await t().call('users', 'update', { id: item.id, organizationId: org, totalReviews: largest })).item.totalReviews, largest);
    const error = failsWith(await t().call('users', 'update', { id: item.id, organizationId: org, totalReviews: largest + 1 }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path), ['totalReviews']);
  });

  test('update to an idpUserId already in the organization is CONFLICT', async () => {
    const a = ok(await create()).item;
    const b = ok(await create()).item;
    failsWith(await t().call('users', 'update', { id: b.id, organizationId: org, idpUserId: a.idpUserId }), 'CONFLICT', 409);
  });

  test('delete: other organization NOT_FOUND, then deleted, then NOT_FOUND', async () => {
    const { item } = ok(await create());
    failsWith(await t().call('users', 'delete', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
    failsWith(await t().call('users', 'delete', { id: '', organizationId: org }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(ok(await t().call('users', 'delete', { id: item.id, organizationId: org })), { id: item.id, deleted: true });
    failsWith(await t().call('users', 'getById', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
    failsWith(await t().call('users', 'delete', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
  });

  test('getByIdpUserId: the organization record, or without organizationId the platform-level one first', async () => {
    const idp = newId();
    const inOrg = ok(await create({ idpUserId: idp, role: 'doctor' })).item;
    assert.deepEqual(ok(await t().call('users', 'getByIdpUserId', { idpUserId: idp, organizationId: org })).item, inOrg);
    assert.equal(ok(await t().call('users', 'getByIdpUserId', { idpUserId: idp })).item.id, inOrg.id);
    const platform = ok(await create({ idpUserId: idp, organizationId: null })).item;
    assert.equal(ok(await t().call('users', 'getByIdpUserId', { idpUserId: idp })).item.id, platform.id);
    failsWith(await t().call('users', 'getByIdpUserId', { idpUserId: idp, organizationId: orgId() }), 'NOT_FOUND', 404);
    failsWith(await t().call('users', 'getByIdpUserId', { idpUserId: newId() }), 'NOT_FOUND', 404);
    failsWith(await t().call('users', 'getByIdpUserId', { organizationId: org }), 'VALIDATION_FAILED', 400);
  });

  test('deleteByIdpUserId removes only that organization\'s record', async () => {
    const idp = newId();
    const inOrg = ok(await create({ idpUserId: idp })).item;
    const other = orgId();
    ok(await create({ idpUserId: idp, organizationId: other }));
    failsWith(await t().call('users', 'deleteByIdpUserId', { idpUserId: idp, organizationId: orgId() }), 'NOT_FOUND', 404);
    failsWith(await t().call('users', 'deleteByIdpUserId', { idpUserId: idp }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(ok(await t().call('users', 'deleteByIdpUserId', { idpUserId: idp, organizationId: org })), { id: inOrg.id, deleted: true });
    failsWith(await t().call('users', 'getByIdpUserId', { idpUserId: idp, organizationId: org }), 'NOT_FOUND', 404);
    ok(await t().call('users', 'getByIdpUserId', { idpUserId: idp, organizationId: other }));
  });
});
