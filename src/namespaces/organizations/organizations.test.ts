import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../values/ids.ts';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { findOrganizationById, findOrganizationBySlug, findOrganizationByTeam, settingsOf } from './organizations.repo.ts';
import { SETTINGS_DEFAULTS } from './organizations.settings.ts';

const FIELDS = [
  'address', 'createdAt', 'id', 'idpTeamId', 'isActive', 'latitude', 'longitude', 'name', 'settings', 'slug', 'timezone', 'type', 'updatedAt',
];

/** What anyone but the organization's members and platform admins reads of it. */
const publicOf = ({ idpTeamId: _team, settings: _settings, ...rest }: Record<string, unknown>) => rest;

describeEachDialect('organizations', (t) => {
  /** A slug no other test uses. */
  const uniqueSlug = () => `org-${newId().slice(-12).toLowerCase()}`;
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('organizations', op, data, token ? { token } : {});
  const create = (data: Record<string, unknown> = {}) => call('create', { name: 'City Clinic', slug: uniqueSlug(), type: 'clinic', ...data });
  const asPlatformAdmin = async (op: string, data: Record<string, unknown>) => call(op, data, (await platformAdmin(t())).token);

  test('create returns the whole record: settings with defaults filled, unset fields null; getById and getBySlug find it', async () => {
    const slug = uniqueSlug();
    const { item } = ok(
      await create({
        slug,
        type: 'hospital',
        timezone: 'Asia/Kolkata',
        address: { city: 'Pune', country: 'IN' },
        latitude: 18.52,
        longitude: 73.85,
        settings: { housekeepingEnabled: true, unknownSetting: true },
        id: 'mine',
        extra: 1,
      }),
    );
    assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.notEqual(item.id, 'mine');
    assert.equal(item.slug, slug);
    assert.equal(item.type, 'hospital');
    assert.deepEqual(item.address, { city: 'Pune', country: 'IN' });
    assert.equal(item.latitude, 18.52);
    assert.equal(item.isActive, true);
    assert.equal(item.idpTeamId, null);
    assert.deepEqual(item.settings, { ...SETTINGS_DEFAULTS, housekeepingEnabled: true });
    assert.deepEqual(ok(await asPlatformAdmin('getById', { id: item.id })).item, item);
    assert.deepEqual(ok(await asPlatformAdmin('getBySlug', { slug: ` ${slug.toUpperCase()} ` })).item, item);
    assert.deepEqual(ok(await call('getById', { id: item.id })).item, publicOf(item));
    assert.deepEqual(ok(await call('getBySlug', { slug })).item, publicOf(item));
    assert.deepEqual(await findOrganizationBySlug(t().database.db, slug), item);
    assert.deepEqual(await findOrganizationById(t().database.db, item.id), item);
  });

  test('create validates slug, type, coordinates, time zone and required fields', async () => {
    const error = failsWith(
      await call('create', { slug: 'Bad_Slug', type: 'spa', latitude: 90.5, longitude: -181, timezone: 'Mars/Base', settings: { housekeepingEnabled: 'yes' } }),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['latitude', 'longitude', 'name', 'settings.housekeepingEnabled', 'slug', 'timezone', 'type']);
    for (const slug of ['a', '-ab', 'ab-', 'x'.repeat(65), 'a b']) {
      failsWith(await create({ slug }), 'VALIDATION_FAILED', 400);
    }
    ok(await create({ slug: `${'x'.repeat(50)}-${newId().slice(-12).toLowerCase()}` }));
  });

  test('a slug or identity-provider team already used is CONFLICT', async () => {
    const slug = uniqueSlug();
    const team = `team-${newId()}`;
    ok(await create({ slug, idpTeamId: team }));
    failsWith(await create({ slug }), 'CONFLICT', 409);
    failsWith(await create({ idpTeamId: team }), 'CONFLICT', 409);
    const other = ok(await create()).item;
    failsWith(await call('update', { id: other.id, slug }), 'CONFLICT', 409);
  });

  test('getById / getBySlug of a missing organization are NOT_FOUND; blank input is VALIDATION_FAILED', async () => {
    failsWith(await call('getById', { id: 'missing' }), 'NOT_FOUND', 404);
    failsWith(await call('getBySlug', { slug: 'no-such-org' }), 'NOT_FOUND', 404);
    failsWith(await call('getBySlug', { slug: ' ' }), 'VALIDATION_FAILED', 400);
    failsWith(await call('getById', {}), 'VALIDATION_FAILED', 400);
  });

  test('onboarding: a signed-in account creating an organization becomes its first admin, in that organization only', async () => {
    const account = newId();
    const token = await tokenFor(t(), account);
    const { item } = ok(await call('create', { name: 'Own Clinic', slug: uniqueSlug(), type: 'clinic', idpTeamId: `team-${newId()}` }, token));
    const records = await t().database.db.selectFrom('users').selectAll().where('idpUserId', '=', account).execute();
    assert.equal(records.length, 1);
    assert.equal(records[0]!.organizationId, item.id);
    assert.deepEqual([records[0]!.role, JSON.parse(records[0]!.roles)], ['admin', ['admin']]);
    // As its admin it reads all of its organization and manages it; another organization stays closed.
    assert.equal(ok(await call('getById', { id: item.id }, token)).item.idpTeamId, item.idpTeamId);
    ok(await call('update', { id: item.id, name: 'Renamed' }, token));
    ok(await t().call('users', 'create', { idpUserId: newId(), email: 'n@example.test', role: 'nurse', organizationId: item.id }, { token }));
    const other = ok(await create()).item;
    failsWith(await call('update', { id: other.id, name: 'Taken' }, token), 'FORBIDDEN', 403);
    // A member of another organization may found one of its own too; a platform admin gets no record.
    const member = await signIn(t(), { organizationId: orgId(), roles: ['nurse'] });
    const second = ok(await call('create', { name: 'Second', slug: uniqueSlug(), type: 'lab' }, member.token)).item;
    ok(await call('update', { id: second.id, name: 'Mine' }, member.token));
    const admin = await platformAdmin(t());
    const third = ok(await call('create', { name: 'X', slug: uniqueSlug(), type: 'lab' }, admin.token)).item;
    assert.equal((await t().database.db.selectFrom('users').select('id').where('organizationId', '=', third.id).execute()).length, 0);
  });

  test('a refused create leaves neither the organization nor an admin record', async () => {
    const account = newId();
    const slug = uniqueSlug();
    failsWith(await call('create', { name: 'X', slug: 'Bad_Slug', type: 'lab' }, await tokenFor(t(), account)), 'VALIDATION_FAILED', 400);
    ok(await create({ slug }));
    failsWith(await call('create', { name: 'X', slug, type: 'lab' }, await tokenFor(t(), account)), 'CONFLICT', 409);
    assert.equal((await t().database.db.selectFrom('users').select('id').where('idpUserId', '=', account).execute()).length, 0);
  });

  test('list, getById and getBySlug show idpTeamId and settings to the organization\'s members and platform admins only', async () => {
    const tag = newId().slice(-10);
    const mine = ok(await create({ name: `Mine ${tag}`, idpTeamId: `team-${newId()}` })).item;
    const theirs = ok(await create({ name: `Theirs ${tag}`, idpTeamId: `team-${newId()}` })).item;
    const member = await signIn(t(), { organizationId: mine.id, roles: ['staff'] });
    const account = await tokenFor(t(), newId());
    const listed = async (token?: string) =>
      Object.fromEntries(ok(await call('list', { search: tag }, token)).items.map((o: { name: string }) => [o.name, o]));
    for (const token of [undefined, account]) {
      const items = await listed(token);
      assert.deepEqual(items[`Mine ${tag}`], publicOf(mine));
      assert.equal('idpTeamId' in items[`Theirs ${tag}`], false);
      assert.deepEqual(ok(await call('getById', { id: mine.id }, token)).item, publicOf(mine));
    }
    const asMember = await listed(member.token);
    assert.deepEqual(asMember[`Mine ${tag}`], mine);
    assert.deepEqual(asMember[`Theirs ${tag}`], publicOf(theirs));
    assert.deepEqual(ok(await call('getBySlug', { slug: theirs.slug }, member.token)).item, publicOf(theirs));
    assert.deepEqual(ok(await call('getBySlug', { slug: mine.slug }, member.token)).item, mine);
    const asAdmin = await listed((await platformAdmin(t())).token);
    assert.deepEqual([asAdmin[`Mine ${tag}`], asAdmin[`Theirs ${tag}`]], [mine, theirs]);
  });

  test('update: omitted unchanged, null clears, settings merged key by key, required fields not clearable', async () => {
    const { item } = ok(await create({ timezone: 'UTC', latitude: 10, settings: { allowOverlappingAppointments: true } }));
    const updated = ok(
      await call('update', { id: item.id, name: 'Renamed', timezone: null, settings: { housekeepingEnabled: true }, isActive: false }),
    ).item;
    assert.equal(updated.name, 'Renamed');
    assert.equal(updated.timezone, null);
    assert.equal(updated.latitude, 10);
    assert.equal(updated.slug, item.slug);
    assert.equal(updated.isActive, false);
    assert.deepEqual(updated.settings, { ...SETTINGS_DEFAULTS, allowOverlappingAppointments: true, housekeepingEnabled: true });

    const oneBack = ok(await call('update', { id: item.id, settings: { allowOverlappingAppointments: null } })).item;
    assert.deepEqual(oneBack.settings, { ...SETTINGS_DEFAULTS, housekeepingEnabled: true });
    const allBack = ok(await call('update', { id: item.id, settings: null, isActive: null })).item;
    assert.deepEqual(allBack.settings, SETTINGS_DEFAULTS);
    assert.equal(allBack.isActive, true, 'isActive null puts the default back');
    assert.deepEqual(ok(await asPlatformAdmin('getById', { id: item.id })).item, allBack);

    const error = failsWith(await call('update', { id: item.id, slug: null, name: null, type: 'spa', longitude: 200 }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['longitude', 'name', 'slug', 'type']);
    failsWith(await call('update', { id: 'missing', name: 'X' }), 'NOT_FOUND', 404);
  });

  test('update: isActive null on an active organization keeps it active', async () => {
    const { item } = ok(await create());
    const updated = ok(await call('update', { id: item.id, isActive: null })).item;
    assert.equal(updated.isActive, true);
    assert.deepEqual({ ...updated, updatedAt: item.updatedAt }, item);
  });

  test('update: a member of another organization is FORBIDDEN; its own member and a platform admin may', async () => {
    const { item } = ok(await create());
    const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    const member = await signIn(t(), { organizationId: item.id, roles: ['admin'] });
    const admin = await platformAdmin(t());
    failsWith(await call('update', { id: item.id, name: 'Taken over' }, outsider.token), 'FORBIDDEN', 403);
    assert.equal(ok(await call('update', { id: item.id, name: 'By member' }, member.token)).item.name, 'By member');
    assert.equal(ok(await call('update', { id: item.id, name: 'By admin' }, admin.token)).item.name, 'By admin');
  });

  test('delete needs platform_admin and an organization without records; then it is gone', async () => {
    const admin = await platformAdmin(t());
    const { item } = ok(await create());
    const member = await signIn(t(), { organizationId: item.id, roles: ['admin'] });
    failsWith(await call('delete', { id: item.id }), 'UNAUTHENTICATED', 401);
    failsWith(await call('delete', { id: item.id }, member.token), 'FORBIDDEN', 403);
    const inUse = failsWith(await call('delete', { id: item.id }, admin.token), 'INVALID_STATE', 409);
    assert.match(inUse.message, /users/);

    const empty = ok(await create()).item;
    ok(await t().call('wards', 'create', { organizationId: empty.id, name: 'General' }));
    assert.match(failsWith(await call('delete', { id: empty.id }, admin.token), 'INVALID_STATE', 409).message, /wards/);

    const fresh = ok(await create()).item;
    assert.deepEqual(ok(await call('delete', { id: fresh.id }, admin.token)), { id: fresh.id, deleted: true });
    failsWith(await call('getById', { id: fresh.id }), 'NOT_FOUND', 404);
    failsWith(await call('delete', { id: fresh.id }, admin.token), 'NOT_FOUND', 404);
    failsWith(await call('delete', {}, admin.token), 'VALIDATION_FAILED', 400);
  });

  test('list pages organizations with type, isActive and name filters', async () => {
    const tag = newId().slice(-10);
    ok(await create({ name: `Alpha ${tag} Hospital`, type: 'hospital' }));
    ok(await create({ name: `Beta ${tag} Clinic`, type: 'clinic' }));
    ok(await create({ name: `Gamma ${tag} Clinic`, type: 'clinic', isActive: false }));
    ok(await create({ name: 'Unrelated', type: 'clinic' }));
    const all = ok(await call('list', { search: tag.toUpperCase(), pageSize: 2 }));
    assert.equal(all.total, 3);
    assert.equal(all.totalPages, 2);
    assert.equal(all.items.length, 2);
    const clinics = ok(await call('list', { search: tag, type: 'clinic' }));
    assert.deepEqual(clinics.items.map((o: { name: string }) => o.name).sort(), [`Beta ${tag} Clinic`, `Gamma ${tag} Clinic`]);
    const active = ok(await call('list', { search: tag, type: 'clinic', isActive: true }));
    assert.deepEqual(active.items.map((o: { name: string }) => o.name), [`Beta ${tag} Clinic`]);
    assert.equal(ok(await call('list', { search: tag, type: null, isActive: null })).total, 3, 'null filters are no filters');
    failsWith(await call('list', { type: 'spa' }), 'VALIDATION_FAILED', 400);
    failsWith(await call('list', { pageSize: 101 }), 'VALIDATION_FAILED', 400);
  });

  test('an organization made by users.syncFromIdpAuth reads with default settings and is found by its team', async () => {
    const team = `team-${newId()}`;
    const { organization } = ok(await t().call('users', 'syncFromIdpAuth', { idpUserId: newId(), idpTeamId: team, email: 'a@example.test' }));
    const found = await findOrganizationByTeam(t().database.db, team);
    assert.equal(found?.id, organization.id);
    assert.deepEqual(found?.settings, SETTINGS_DEFAULTS);
    assert.deepEqual(settingsOf(found), SETTINGS_DEFAULTS);
    assert.deepEqual(ok(await asPlatformAdmin('getById', { id: organization.id })).item.settings, SETTINGS_DEFAULTS);
    const updated = ok(await call('update', { id: organization.id, slug: uniqueSlug(), settings: { allowDischargeWithUnbilledCharges: true } })).item;
    assert.equal(settingsOf(updated).allowDischargeWithUnbilledCharges, true);
    assert.equal(await findOrganizationByTeam(t().database.db, 'no-such-team'), undefined);
  });
});
