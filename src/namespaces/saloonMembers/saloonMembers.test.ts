import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const FIELDS = [
  'assignedAt', 'assignedBy', 'averageRatings', 'createdAt', 'gender', 'id', 'idpUserId', 'locationId', 'organizationId', 'role', 'seatId',
  'status', 'totalReviews', 'updatedAt', 'userId', 'yoe',
];
const NOW = Date.UTC(2026, 5, 1, 9, 0, 0);
let clock = NOW;

describeEachDialect(
  'saloonMembers',
  (t) => {
    const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('saloonMembers', op, data, token ? { token } : {});
    const paths = (error: { details?: { path: string }[] }) => error.details!.map((d) => d.path).sort();

    /** An organization with a salon manager and `n` stylists (users records). */
    async function salon(n = 2) {
      const org = orgId();
      const manager = await signIn(t(), { organizationId: org, roles: ['admin'] });
      const stylists = [];
      for (let i = 0; i < n; i++) stylists.push(await signIn(t(), { organizationId: org, roles: ['stylist'] }));
      const add = (data: Record<string, unknown>, token?: string) => call('create', { organizationId: org, locationId: 'loc_1', ...data }, token);
      return { org, manager, stylists, add };
    }

    test('create stores the whole record: userId from the organization\'s users record, status active, assignedAt now, assignedBy the caller', async () => {
      clock = NOW;
      const { org, manager, stylists, add } = await salon(1);
      const stylist = stylists[0]!;
      const { item } = ok(
        await add({ idpUserId: stylist.idpUserId, seatId: 'seat_1', role: 'senior stylist', gender: 'female', yoe: 6, totalReviews: 40, averageRatings: 4.7, id: 'x' }, manager.token),
      );
      assert.deepEqual(Object.keys(item).sort(), FIELDS);
      assert.notEqual(item.id, 'x');
      assert.deepEqual(
        [item.organizationId, item.locationId, item.seatId, item.idpUserId, item.userId, item.role, item.status, item.gender, item.yoe, item.totalReviews, item.averageRatings],
        [org, 'loc_1', 'seat_1', stylist.idpUserId, stylist.userId, 'senior stylist', 'active', 'female', 6, 40, 4.7],
      );
      assert.deepEqual([item.assignedAt, item.assignedBy, item.createdAt, item.updatedAt], [NOW, manager.idpUserId, NOW, NOW]);
      assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: org })).item, item);

      const other = await signIn(t(), { organizationId: org, roles: ['stylist'] });
      const bare = ok(await add({ idpUserId: other.idpUserId, userId: other.userId, assignedBy: 'owner' })).item;
      assert.deepEqual([bare.seatId, bare.role, bare.yoe, bare.averageRatings, bare.status, bare.userId, bare.assignedBy], [null, null, null, null, 'active', other.userId, 'owner']);
    });

    test('create validates every field with a path per problem', async () => {
      const { org } = await salon(0);
      const error = failsWith(
        await call('create', { organizationId: org, locationId: '', yoe: 1.5, totalReviews: -1, averageRatings: 'high', status: '', seatId: 3 }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(paths(error), ['averageRatings', 'idpUserId', 'locationId', 'seatId', 'status', 'totalReviews', 'yoe']);
      failsWith(await call('create', { locationId: 'loc_1', idpUserId: 'u' }), 'VALIDATION_FAILED', 400);
      // The column is a 32-bit integer: a larger count is refused on both databases, naming the field.
      const tooMany = failsWith(await call('create', { organizationId: org, locationId: 'l', idpUserId: 'u', totalReviews: 2_147_483_648 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(paths(tooMany), ['totalReviews']);
    });

    test('idpUserId must be a user of the organization (not of another one), and userId that user\'s record', async () => {
      const { add, stylists } = await salon(1);
      const elsewhere = await salon(1);
      const foreign = failsWith(await add({ idpUserId: elsewhere.stylists[0]!.idpUserId }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(paths(foreign), ['idpUserId']);
      failsWith(await add({ idpUserId: 'nobody' }), 'VALIDATION_FAILED', 400);
      const wrongRecord = failsWith(await add({ idpUserId: stylists[0]!.idpUserId, userId: elsewhere.stylists[0]!.userId }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(paths(wrongRecord), ['userId']);
    });

    test('one active member per seat at a location: CONFLICT; other seats, locations, organizations and inactive members are free', async () => {
      const { org, stylists, add } = await salon(5);
      const [a, b, c, d, e] = stylists.map((s) => s.idpUserId);
      const first = ok(await add({ idpUserId: a, seatId: 'seat_1' })).item;
      const clash = failsWith(await add({ idpUserId: b, seatId: 'seat_1' }), 'CONFLICT', 409);
      assert.match(clash.message, /seat_1/);
      failsWith(await add({ idpUserId: b, seatId: 'seat_1', status: 'ACTIVE' }), 'CONFLICT', 409);
      ok(await add({ idpUserId: b, seatId: 'seat_1', status: 'inactive' }));
      ok(await add({ idpUserId: c, seatId: 'seat_1', locationId: 'loc_2' }));
      ok(await add({ idpUserId: d, seatId: 'seat_2' }));
      ok(await add({ idpUserId: e }));
      ok(await add({ idpUserId: e }));
      const elsewhere = await salon(1);
      ok(await elsewhere.add({ idpUserId: elsewhere.stylists[0]!.idpUserId, seatId: 'seat_1' }));

      // Moving into an occupied seat, or re-activating there, is a clash too; freeing the seat lets another in.
      const second = ok(await add({ idpUserId: b, seatId: 'seat_3' })).item;
      failsWith(await call('update', { id: second.id, organizationId: org, seatId: 'seat_1' }), 'CONFLICT', 409);
      ok(await call('update', { id: first.id, organizationId: org, status: 'on_leave' }));
      ok(await call('update', { id: second.id, organizationId: org, seatId: 'seat_1' }));
      failsWith(await call('update', { id: first.id, organizationId: org, status: 'Active' }), 'CONFLICT', 409);
      failsWith(await call('update', { id: first.id, organizationId: org, status: null }), 'CONFLICT', 409);
      assert.equal(ok(await call('update', { id: first.id, organizationId: org, status: 'active', seatId: 'seat_9' })).item.status, 'active');
    });

    test('two concurrent assignments of one free seat: one wins, the other is CONFLICT', async () => {
      const { org, stylists, add } = await salon(6);
      const responses = await Promise.all(stylists.map((s) => add({ idpUserId: s.idpUserId, seatId: 'seat_hot' })));
      assert.deepEqual(responses.map((r) => r.statusCode).sort(), [200, 409, 409, 409, 409, 409]);
      assert.ok(responses.filter((r) => r.statusCode === 409).every((r) => r.body.error.code === 'CONFLICT'));
      assert.equal(ok(await call('listByOrganization', { organizationId: org, seatId: 'seat_hot' })).total, 1);
    });

    test('update changes fields, stamps assignedAt/assignedBy on a move, re-derives userId; another organization NOT_FOUND', async () => {
      clock = NOW;
      const { org, manager, stylists, add } = await salon(2);
      const [a, b] = stylists;
      const { item } = ok(await add({ idpUserId: a!.idpUserId, seatId: 'seat_1', role: 'junior' }));
      clock = NOW + 60_000;
      const changed = ok(await call('update', { id: item.id, organizationId: org, role: 'senior', yoe: 3, gender: null })).item;
      assert.deepEqual([changed.role, changed.yoe, changed.gender, changed.assignedAt, changed.assignedBy, changed.updatedAt], ['senior', 3, null, NOW, null, NOW + 60_000]);
      clock = NOW + 120_000;
      const moved = ok(await call('update', { id: item.id, organizationId: org, seatId: 'seat_2' }, manager.token)).item;
      assert.deepEqual([moved.seatId, moved.assignedAt, moved.assignedBy], ['seat_2', NOW + 120_000, manager.idpUserId]);
      const given = ok(await call('update', { id: item.id, organizationId: org, locationId: 'loc_9', assignedAt: 5, assignedBy: 'owner' })).item;
      assert.deepEqual([given.locationId, given.assignedAt, given.assignedBy], ['loc_9', 5, 'owner']);
      const person = ok(await call('update', { id: item.id, organizationId: org, idpUserId: b!.idpUserId })).item;
      assert.deepEqual([person.idpUserId, person.userId], [b!.idpUserId, b!.userId]);

      failsWith(await call('update', { id: item.id, organizationId: org, idpUserId: 'nobody' }), 'VALIDATION_FAILED', 400);
      failsWith(await call('update', { id: item.id, organizationId: org, userId: a!.userId }), 'VALIDATION_FAILED', 400);
      failsWith(await call('update', { id: item.id, organizationId: org, locationId: null }), 'VALIDATION_FAILED', 400);
      failsWith(await call('update', { id: item.id, organizationId: org, yoe: -1 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(paths(failsWith(await call('update', { id: item.id, organizationId: org, totalReviews: 2_147_483_648 }), 'VALIDATION_FAILED', 400)), ['totalReviews']);
      const max = ok(await call('update', { id: item.id, organizationId: org, totalReviews: 2_147_483_647 })).item;
      assert.equal(max.totalReviews, 2_147_483_647);
      // createdAt may be corrected but not cleared: null leaves it as stored.
      const kept = ok(await call('update', { id: item.id, organizationId: org, createdAt: null, role: 'lead' })).item;
      assert.deepEqual([kept.createdAt, kept.role], [item.createdAt, 'lead']);
      assert.equal(ok(await call('update', { id: item.id, organizationId: org, createdAt: 7 })).item.createdAt, 7);
      failsWith(await call('update', { id: item.id, organizationId: orgId(), role: 'x' }), 'NOT_FOUND', 404);
    });

    test('getById and delete: another organization NOT_FOUND, its staff FORBIDDEN', async () => {
      const { org, manager, stylists, add } = await salon(1);
      const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
      const { item } = ok(await add({ idpUserId: stylists[0]!.idpUserId }));
      assert.equal(ok(await call('getById', { id: item.id, organizationId: org }, manager.token)).item.id, item.id);
      failsWith(await call('getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
      failsWith(await call('getById', { id: item.id, organizationId: org }, outsider.token), 'FORBIDDEN', 403);
      failsWith(await call('getById', { id: item.id }), 'VALIDATION_FAILED', 400);
      failsWith(await call('delete', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
      failsWith(await call('delete', { id: item.id, organizationId: org }, outsider.token), 'FORBIDDEN', 403);
      failsWith(await call('delete', { organizationId: org }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(ok(await call('delete', { id: item.id, organizationId: org })), { id: item.id, deleted: true });
      failsWith(await call('getById', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
    });

    test('listByOrganization pages the organization\'s members, filtered by location, seat, person or status', async () => {
      const { org, stylists, add } = await salon(3);
      const [a, b, c] = stylists.map((s) => s.idpUserId);
      ok(await add({ idpUserId: a, seatId: 's1' }));
      ok(await add({ idpUserId: b, seatId: 's2', locationId: 'loc_2' }));
      const last = ok(await add({ idpUserId: c, status: 'inactive' })).item;
      const elsewhere = await salon(1);
      ok(await elsewhere.add({ idpUserId: elsewhere.stylists[0]!.idpUserId }));

      const all = ok(await call('listByOrganization', { organizationId: org, pageSize: 2 }));
      assert.deepEqual([all.total, all.totalPages, all.items.length, all.items[0].id], [3, 2, 2, last.id]);
      assert.deepEqual(ok(await call('listByOrganization', { organizationId: org, locationId: 'loc_2' })).items.map((m: { idpUserId: string }) => m.idpUserId), [b]);
      assert.equal(ok(await call('listByOrganization', { organizationId: org, status: 'inactive' })).items[0].idpUserId, c);
      assert.equal(ok(await call('listByOrganization', { organizationId: org, idpUserId: a })).total, 1);
      assert.equal(ok(await call('listByOrganization', { organizationId: orgId() })).total, 0);
      failsWith(await call('listByOrganization', { organizationId: org, page: 0 }), 'VALIDATION_FAILED', 400);
      const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
      failsWith(await call('listByOrganization', { organizationId: org }, outsider.token), 'FORBIDDEN', 403);
    });

    test('listUnassignedSalonUsers: the organization\'s users without a member row there (any status), paged', async () => {
      const { org, manager, stylists, add } = await salon(3);
      const [a, b, c] = stylists;
      ok(await add({ idpUserId: a!.idpUserId, seatId: 's1' }));
      ok(await add({ idpUserId: b!.idpUserId, status: 'inactive' }));
      // c is a member of another organization only: still unassigned here.
      const elsewhere = orgId();
      await signIn(t(), { organizationId: elsewhere, idpUserId: c!.idpUserId, roles: ['stylist'] });
      ok(await call('create', { organizationId: elsewhere, locationId: 'l', idpUserId: c!.idpUserId }));

      const listed = ok(await call('listUnassignedSalonUsers', { organizationId: org }, manager.token));
      assert.equal(listed.total, 2);
      assert.deepEqual(listed.items.map((u: { idpUserId: string }) => u.idpUserId).sort(), [c!.idpUserId, manager.idpUserId].sort());
      assert.ok(listed.items.every((u: { organizationId: string; email: string }) => u.organizationId === org && typeof u.email === 'string'));
      const paged = ok(await call('listUnassignedSalonUsers', { organizationId: org, pageSize: 1, page: 2 }));
      assert.deepEqual([paged.items.length, paged.total, paged.totalPages, paged.page, paged.pageSize], [1, 2, 2, 2, 1]);
      assert.equal(ok(await call('listUnassignedSalonUsers', { organizationId: elsewhere })).total, 0);
      assert.equal(ok(await call('listUnassignedSalonUsers', { organizationId: orgId() })).total, 0);

      failsWith(await call('listUnassignedSalonUsers', {}), 'VALIDATION_FAILED', 400);
      failsWith(await call('listUnassignedSalonUsers', { organizationId: org, pageSize: 101 }), 'VALIDATION_FAILED', 400);
      const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
      failsWith(await call('listUnassignedSalonUsers', { organizationId: org }, outsider.token), 'FORBIDDEN', 403);
    });
  },
  { services: { now: () => clock } },
);
