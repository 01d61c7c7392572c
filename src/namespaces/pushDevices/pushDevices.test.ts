import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';

const NOW = Date.UTC(2026, 4, 10, 9, 0, 0);
let clock = NOW;

const device = (idpUserId: string, extra: Record<string, unknown> = {}) => ({
  idpUserId,
  platform: 'android',
  providerPushToken: `ExponentPushToken[${newId()}]`,
  deviceId: 'pixel-8',
  appVersion: '1.0.0',
  locale: 'en-IN',
  timezone: 'Asia/Kolkata',
  ...extra,
});

/** The form of a token shown to anyone but its owner and platform admins. */
const masked = (token: string) => `\u2026${token.slice(-4)}`;

/**
 * A person with a user record (and token) in the organization, and one device registered without
 * a token (so `item` shows its token masked; `providerPushToken` is the one registered).
 */
async function memberWithDevice(t: TestApp, organizationId: string, roles = ['patient']) {
  const member = await signIn(t, { organizationId, roles });
  const data = device(member.idpUserId);
  const item = ok(await t.call('pushDevices', 'create', data)).item;
  return { member, item, providerPushToken: data.providerPushToken };
}

/** The stored row of a device, as the delivery worker reads it. */
const stored = (t: TestApp, id: string) => t.database.db.selectFrom('pushDevices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describeEachDialect(
  'pushDevices',
  (t) => {
    test('create registers a device: every field, active, lastSeenAt now, server id and timestamps', async () => {
      clock = NOW;
      const data = device('idp-a', { id: 'client-id', unknown: 1 });
      const { item } = ok(await t().call('pushDevices', 'create', data));
      assert.notEqual(item.id, 'client-id');
      assert.deepEqual(
        Object.keys(item).sort(),
        ['appVersion', 'createdAt', 'deviceId', 'id', 'idpUserId', 'invalidReason', 'isActive', 'lastSeenAt', 'locale', 'platform',
          'providerPushToken', 'timezone', 'updatedAt'].sort(),
      );
      assert.equal(item.idpUserId, 'idp-a');
      assert.equal(item.providerPushToken, masked(data.providerPushToken), 'a caller without a token sees the token masked');
      assert.equal((await stored(t(), item.id)).providerPushToken, data.providerPushToken);
      assert.equal(item.isActive, true);
      assert.equal(item.invalidReason, null);
      assert.equal(item.lastSeenAt, NOW);
      assert.equal(item.createdAt, NOW);
      assert.equal(item.timezone, 'Asia/Kolkata');
    });

    test('the same token registered again updates that device instead of adding one, and reactivates it', async () => {
      clock = NOW;
      const org = orgId();
      const member = await signIn(t(), { organizationId: org, roles: ['patient'] });
      const data = device(member.idpUserId);
      const first = ok(await t().call('pushDevices', 'create', data)).item;
      await t().database.db.updateTable('pushDevices').set({ isActive: false, invalidReason: 'DeviceNotRegistered' }).where('id', '=', first.id).execute();
      clock = NOW + 5000;
      const again = ok(await t().call('pushDevices', 'create', { ...data, appVersion: '2.0.0', locale: 'hi-IN', timezone: 'UTC', deviceId: undefined })).item;
      assert.equal(again.id, first.id);
      assert.equal(again.appVersion, '2.0.0');
      assert.equal(again.locale, 'hi-IN');
      assert.equal(again.timezone, 'UTC');
      assert.equal(again.deviceId, 'pixel-8', 'a field not sent is kept');
      assert.equal(again.lastSeenAt, NOW + 5000);
      assert.equal(again.isActive, true);
      assert.equal(again.invalidReason, null);
      assert.equal(again.createdAt, NOW);
      assert.equal(again.updatedAt, NOW + 5000);
      const listed = ok(await t().call('pushDevices', 'listByOrganization', { organizationId: org }));
      assert.equal(listed.total, 1);
      clock = NOW;
    });

    test('a token registered by another person moves the device to them (the app install changed hands)', async () => {
      const first = await signIn(t(), { organizationId: orgId(), roles: ['patient'] });
      const next = await signIn(t(), { organizationId: orgId(), roles: ['patient'] });
      const data = device(first.idpUserId);
      const before = ok(await t().call('pushDevices', 'create', data, { token: first.token })).item;
      assert.equal(before.providerPushToken, data.providerPushToken, 'the owner sees the token in full');
      const after = ok(await t().call('pushDevices', 'create', { ...data, idpUserId: next.idpUserId, appVersion: '2.0.0' }, { token: next.token })).item;
      assert.equal(after.id, before.id);
      assert.equal(after.idpUserId, next.idpUserId);
      assert.equal(after.providerPushToken, data.providerPushToken);
      const row = await stored(t(), before.id);
      assert.deepEqual([row.idpUserId, row.appVersion, Boolean(row.isActive)], [next.idpUserId, '2.0.0', true]);
      // A platform admin may move it too (they are trusted with every token).
      const admin = await platformAdmin(t());
      ok(await t().call('pushDevices', 'create', { ...data, idpUserId: first.idpUserId }, { token: admin.token }));
      assert.equal((await stored(t(), before.id)).idpUserId, first.idpUserId);
    });

    test('10 simultaneous registrations of one token leave one device', async () => {
      const data = device('idp-race');
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => t().call('pushDevices', 'create', { ...data, appVersion: `1.${i}` })));
      assert.equal(new Set(results.map((r) => ok(r).item.id)).size, 1);
      const rows = await t().database.db.selectFrom('pushDevices').select('id').where('providerPushToken', '=', data.providerPushToken).execute();
      assert.equal(rows.length, 1);
    });

    test('create validates with a path per problem', async () => {
      const error = failsWith(
        await t().call('pushDevices', 'create', { idpUserId: '', platform: 'ios', providerPushToken: ' ', isActive: 'yes', lastSeenAt: -5 }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['idpUserId', 'isActive', 'lastSeenAt', 'providerPushToken']);
      failsWith(await t().call('pushDevices', 'create', { idpUserId: 'x', providerPushToken: 'tok' }), 'VALIDATION_FAILED', 400);
    });

    test('a caller with a token registers only their own devices (a platform admin any)', async () => {
      const person = await signIn(t(), { organizationId: orgId(), roles: ['patient'] });
      failsWith(await t().call('pushDevices', 'create', device('someone-else'), { token: person.token }), 'FORBIDDEN', 403);
      ok(await t().call('pushDevices', 'create', device(person.idpUserId), { token: person.token }));
      const patientToken = await tokenFor(t(), newId());
      failsWith(await t().call('pushDevices', 'create', device('someone-else'), { token: patientToken }), 'FORBIDDEN', 403);
      const admin = await platformAdmin(t());
      ok(await t().call('pushDevices', 'create', device('someone-else'), { token: admin.token }));
    });

    test('getById: a device is in the organizations where its owner has a user record; elsewhere NOT_FOUND', async () => {
      const org = orgId();
      const { member, item } = await memberWithDevice(t(), org);
      assert.deepEqual(ok(await t().call('pushDevices', 'getById', { id: item.id, organizationId: org })).item, item);
      failsWith(await t().call('pushDevices', 'getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
      const second = orgId();
      await signIn(t(), { organizationId: second, idpUserId: member.idpUserId });
      assert.equal(ok(await t().call('pushDevices', 'getById', { id: item.id, organizationId: second })).item.id, item.id, 'a member of two organizations');
      const loner = ok(await t().call('pushDevices', 'create', device('no-user-record'))).item;
      failsWith(await t().call('pushDevices', 'getById', { id: loner.id, organizationId: org }), 'NOT_FOUND', 404);
      const error = failsWith(await t().call('pushDevices', 'getById', { id: item.id }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path), ['organizationId']);
    });

    test('listByOrganization is for the organization\'s admins: other members and accounts are FORBIDDEN', async () => {
      const org = orgId();
      const { member } = await memberWithDevice(t(), org);
      const colleague = await signIn(t(), { organizationId: org, roles: ['nurse'] });
      const otherAdmin = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
      for (const token of [member.token, colleague.token, otherAdmin.token, await tokenFor(t(), newId())]) {
        failsWith(await t().call('pushDevices', 'listByOrganization', { organizationId: org }, { token }), 'FORBIDDEN', 403);
      }
    });

    test('listByOrganization pages the devices of the organization\'s members only', async () => {
      const org = orgId();
      await memberWithDevice(t(), org);
      const { member } = await memberWithDevice(t(), org);
      ok(await t().call('pushDevices', 'create', device(member.idpUserId)));
      await memberWithDevice(t(), orgId());
      ok(await t().call('pushDevices', 'create', device('outsider')));
      const page1 = ok(await t().call('pushDevices', 'listByOrganization', { organizationId: org, pageSize: 2 }));
      assert.equal(page1.total, 3);
      assert.equal(page1.totalPages, 2);
      assert.equal(page1.items.length, 2);
      const page2 = ok(await t().call('pushDevices', 'listByOrganization', { organizationId: org, pageSize: 2, page: 2 }));
      assert.equal(page2.items.length, 1);
      const ids = new Set([...page1.items, ...page2.items].map((d: { id: string }) => d.id));
      assert.equal(ids.size, 3);
      assert.equal(ok(await t().call('pushDevices', 'listByOrganization', { organizationId: orgId() })).total, 0);
      failsWith(await t().call('pushDevices', 'listByOrganization', { organizationId: org, pageSize: 0 }), 'VALIDATION_FAILED', 400);
    });

    test('update changes a member\'s device; omitted fields unchanged; another organization gets NOT_FOUND', async () => {
      const org = orgId();
      const { item } = await memberWithDevice(t(), org);
      const updated = ok(await t().call('pushDevices', 'update', { id: item.id, organizationId: org, isActive: false, invalidReason: 'signed out', appVersion: null })).item;
      assert.equal(updated.isActive, false);
      assert.equal(updated.invalidReason, 'signed out');
      assert.equal(updated.appVersion, null);
      assert.equal(updated.locale, 'en-IN');
      assert.equal(ok(await t().call('pushDevices', 'update', { id: item.id, organizationId: org, isActive: null })).item.isActive, true, 'null is the default: active');
      failsWith(await t().call('pushDevices', 'update', { id: item.id, organizationId: orgId(), appVersion: '9' }), 'NOT_FOUND', 404);
      failsWith(await t().call('pushDevices', 'update', { id: newId(), organizationId: org, appVersion: '9' }), 'NOT_FOUND', 404);
    });

    test('update: isActive null on an active device keeps it active; createdAt / updatedAt null are accepted (kept / now)', async () => {
      clock = NOW;
      const org = orgId();
      const { item } = await memberWithDevice(t(), org);
      clock = NOW + 1000;
      const updated = ok(await t().call('pushDevices', 'update', { id: item.id, organizationId: org, isActive: null, createdAt: null, updatedAt: null })).item;
      assert.equal(updated.isActive, true);
      assert.equal(updated.createdAt, item.createdAt);
      assert.equal(updated.updatedAt, NOW + 1000);
      assert.deepEqual({ ...updated, updatedAt: item.updatedAt }, item);
      const dated = ok(await t().call('pushDevices', 'update', { id: item.id, organizationId: org, createdAt: 5, updatedAt: 6 })).item;
      assert.deepEqual([dated.createdAt, dated.updatedAt], [5, 6]);
      clock = NOW;
    });

    test('update validates: required fields cannot be cleared, a new owner must be a member, a taken token is CONFLICT', async () => {
      const org = orgId();
      const { item } = await memberWithDevice(t(), org);
      const { providerPushToken: otherToken } = await memberWithDevice(t(), org);
      const admin = await platformAdmin(t());
      const error = failsWith(
        await t().call('pushDevices', 'update', { id: item.id, organizationId: org, platform: null, providerPushToken: '', lastSeenAt: 'now' }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['lastSeenAt', 'platform', 'providerPushToken']);
      const moved = failsWith(
        await t().call('pushDevices', 'update', { id: item.id, organizationId: org, idpUserId: 'not-a-member' }, { token: admin.token }),
        'VALIDATION_FAILED',
        400,
      );
      assert.equal(moved.details![0]!.path, 'idpUserId');
      failsWith(await t().call('pushDevices', 'update', { id: item.id, organizationId: org, providerPushToken: otherToken }), 'CONFLICT', 409);
    });

    test('the owner and an organization admin read a device, only the owner changes it; a colleague is FORBIDDEN, anyone else NOT_FOUND', async () => {
      const org = orgId();
      const { member, item } = await memberWithDevice(t(), org);
      const colleague = await signIn(t(), { organizationId: org, roles: ['nurse'] });
      const orgAdmin = await signIn(t(), { organizationId: org, roles: ['admin'] });
      const otherAdmin = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
      const account = await tokenFor(t(), newId());
      const key = { id: item.id, organizationId: org };
      // A member of the device's organization without a role for devices is told so, as on member operations.
      const refusals: [string, string, number][] = [[colleague.token, 'FORBIDDEN', 403], [otherAdmin.token, 'NOT_FOUND', 404], [account, 'NOT_FOUND', 404]];
      for (const [token, code, status] of refusals) {
        failsWith(await t().call('pushDevices', 'getById', key, { token }), code, status);
        failsWith(await t().call('pushDevices', 'update', { ...key, appVersion: '3' }, { token }), code, status);
        failsWith(await t().call('pushDevices', 'delete', key, { token }), code, status);
      }
      assert.equal((await stored(t(), item.id)).appVersion, '1.0.0', 'the refused calls changed nothing');
      // A device is not handed to another person without their consent.
      failsWith(await t().call('pushDevices', 'update', { ...key, idpUserId: colleague.idpUserId }, { token: member.token }), 'FORBIDDEN', 403);
      assert.equal(ok(await t().call('pushDevices', 'update', { ...key, appVersion: '3' }, { token: member.token })).item.appVersion, '3');
      // A device belongs to its person (issue 24): the organization's admin reads it but never changes it.
      failsWith(await t().call('pushDevices', 'update', { ...key, appVersion: '4' }, { token: orgAdmin.token }), 'FORBIDDEN', 403);
      ok(await t().call('pushDevices', 'getById', key, { token: orgAdmin.token }));
      failsWith(await t().call('pushDevices', 'delete', key, { token: orgAdmin.token }), 'FORBIDDEN', 403);
      ok(await t().call('pushDevices', 'delete', key, { token: member.token }));
    });

    test('the token is shown in full only to the device\'s owner and platform admins; others see it masked', async () => {
      const org = orgId();
      const owner = await signIn(t(), { organizationId: org, roles: ['patient'] });
      const orgAdmin = await signIn(t(), { organizationId: org, roles: ['admin'] });
      const admin = await platformAdmin(t());
      const data = device(owner.idpUserId);
      const own = ok(await t().call('pushDevices', 'create', data, { token: owner.token })).item;
      assert.equal(own.providerPushToken, data.providerPushToken);
      const adminData = device(orgAdmin.idpUserId);
      ok(await t().call('pushDevices', 'create', adminData, { token: orgAdmin.token }));
      const key = { id: own.id, organizationId: org };

      const seenBy = async (token?: string) => ok(await t().call('pushDevices', 'getById', key, token ? { token } : {})).item;
      assert.deepEqual(await seenBy(owner.token), own, 'the owner sees every field as registered');
      assert.equal((await seenBy(admin.token)).providerPushToken, data.providerPushToken, 'a platform admin sees it');
      for (const [who, token] of [['an organization admin', orgAdmin.token], ['a caller without a token', undefined]]) {
        const item = await seenBy(token);
        assert.deepEqual(item, { ...own, providerPushToken: masked(data.providerPushToken) }, `${who}: every field, the token masked`);
      }

      const listedBy = async (token: string) => {
        const { items } = ok(await t().call('pushDevices', 'listByOrganization', { organizationId: org }, { token }));
        return new Map(items.map((d: { idpUserId: string; providerPushToken: string }) => [d.idpUserId, d.providerPushToken]));
      };
      const byOrgAdmin = await listedBy(orgAdmin.token);
      assert.equal(byOrgAdmin.get(owner.idpUserId), masked(data.providerPushToken));
      assert.equal(byOrgAdmin.get(orgAdmin.idpUserId), adminData.providerPushToken, 'one\'s own device in the list: in full');
      assert.equal((await listedBy(admin.token)).get(orgAdmin.idpUserId), adminData.providerPushToken);

      // An organization admin does not change another person's device (issue 24); the owner does.
      failsWith(await t().call('pushDevices', 'update', { ...key, appVersion: '5' }, { token: orgAdmin.token }), 'FORBIDDEN', 403);
      assert.equal(ok(await t().call('pushDevices', 'update', { ...key, appVersion: '6' }, { token: owner.token })).item.providerPushToken, data.providerPushToken);

      // The masked form cannot be registered, neither as a new device nor onto one.
      const mask = masked(data.providerPushToken);
      const refused = failsWith(await t().call('pushDevices', 'create', { ...data, providerPushToken: mask }, { token: owner.token }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(refused.details!.map((d) => d.path), ['providerPushToken']);
      failsWith(await t().call('pushDevices', 'update', { ...key, providerPushToken: mask }, { token: owner.token }), 'VALIDATION_FAILED', 400);
      assert.equal((await stored(t(), own.id)).providerPushToken, data.providerPushToken);

      // A short token is masked without its tail; null-safe: the form never gives the token away.
      const short = ok(await t().call('pushDevices', 'create', { ...device(owner.idpUserId), providerPushToken: 'tok-1234' })).item;
      assert.equal(short.providerPushToken, '\u2026');
    });

    test('a caller without a token cannot move another person\'s active device by re-registering its token', async () => {
      const org = orgId();
      const victim = await signIn(t(), { organizationId: org, roles: ['patient'] });
      const intruder = await signIn(t(), { organizationId: org, roles: ['patient'] });
      const data = device(victim.idpUserId);
      const original = ok(await t().call('pushDevices', 'create', data, { token: victim.token })).item;

      failsWith(await t().call('pushDevices', 'create', { ...data, idpUserId: intruder.idpUserId, appVersion: '6.6.6' }), 'FORBIDDEN', 403);
      const row = await stored(t(), original.id);
      assert.deepEqual([row.idpUserId, row.appVersion, row.updatedAt], [victim.idpUserId, '1.0.0', original.updatedAt], 'the device is unchanged');
      const total = await t().database.db.selectFrom('pushDevices').select('id').where('providerPushToken', '=', data.providerPushToken).execute();
      assert.equal(total.length, 1);
      // Nor through update (moving a device to another owner).
      failsWith(await t().call('pushDevices', 'update', { id: original.id, organizationId: org, idpUserId: intruder.idpUserId }), 'FORBIDDEN', 403);
      assert.equal((await stored(t(), original.id)).idpUserId, victim.idpUserId);

      // Still allowed without a token: the same owner's app registering again, and an inactive device.
      assert.equal(ok(await t().call('pushDevices', 'create', { ...data, appVersion: '1.1.0' })).item.idpUserId, victim.idpUserId);
      await t().database.db.updateTable('pushDevices').set({ isActive: false, invalidReason: 'signed out' }).where('id', '=', original.id).execute();
      const taken = ok(await t().call('pushDevices', 'create', { ...data, idpUserId: intruder.idpUserId })).item;
      assert.deepEqual([taken.id, taken.idpUserId, taken.isActive], [original.id, intruder.idpUserId, true]);
    });

    test('10 simultaneous registrations of one token for 10 people without a token: the first keeps it', async () => {
      const data = device('unused');
      const people = Array.from({ length: 10 }, () => newId());
      const results = await Promise.all(people.map((person) => t().call('pushDevices', 'create', { ...data, idpUserId: person })));
      const accepted = results.filter((r) => r.body.status === 'ok');
      assert.equal(accepted.length, 1);
      for (const r of results) if (r.body.status !== 'ok') failsWith(r, 'FORBIDDEN', 403);
      const rows = await t().database.db.selectFrom('pushDevices').selectAll().where('providerPushToken', '=', data.providerPushToken).execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.idpUserId, ok(accepted[0]!).item.idpUserId);
    });

    test('delete removes a member\'s device; another organization gets NOT_FOUND', async () => {
      const org = orgId();
      const { item } = await memberWithDevice(t(), org);
      failsWith(await t().call('pushDevices', 'delete', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
      assert.deepEqual(ok(await t().call('pushDevices', 'delete', { id: item.id, organizationId: org })), { id: item.id, deleted: true });
      failsWith(await t().call('pushDevices', 'getById', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
      failsWith(await t().call('pushDevices', 'delete', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
      failsWith(await t().call('pushDevices', 'delete', { id: '', organizationId: org }), 'VALIDATION_FAILED', 400);
    });
  },
  { services: { now: () => clock } },
);
