import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';

const FIELDS = [
  'createdAt', 'featuredTitle', 'gridTitle', 'id', 'imageUrl', 'name', 'orderLevel', 'organizationTypeId',
  'platformServiceCategoryIds', 'subTitle', 'updatedAt', 'webImageUrl',
];

const names = (items: { name: string }[]) => items.map((i) => i.name);

describeEachDialect('homeCollections', (t) => {
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('homeCollections', op, data, token ? { token } : {});

  test('create stores the whole record with defaults (orderLevel 0, no categories); getById returns it', async () => {
    const { item } = ok(
      await call('create', {
        name: 'Labs near you',
        organizationTypeId: 'lab',
        imageUrl: 'https://cdn.example.test/labs.png',
        platformServiceCategoryIds: ['blood-tests', 'scans', 'blood-tests'],
        id: 'mine',
      }),
    );
    assert.deepEqual(Object.keys(item).sort(), FIELDS);
    assert.notEqual(item.id, 'mine');
    assert.equal(item.orderLevel, 0);
    assert.deepEqual(item.platformServiceCategoryIds, ['blood-tests', 'scans'], 'each id once');
    assert.equal(item.subTitle, null);
    assert.deepEqual(ok(await call('getById', { id: item.id })).item, item);
    const bare = ok(await call('create', { name: 'Clinics', organizationTypeId: 'clinic' })).item;
    assert.deepEqual(bare.platformServiceCategoryIds, []);
    failsWith(await call('getById', { id: 'missing' }), 'NOT_FOUND', 404);
    failsWith(await call('getById', {}), 'VALIDATION_FAILED', 400);
  });

  test('create validates required fields, orderLevel, URLs and category ids', async () => {
    const error = failsWith(
      await call('create', { name: ' ', orderLevel: -1, imageUrl: 'ftp://x.test/a.png', platformServiceCategoryIds: ['ok', 'a"b'] }),
      'VALIDATION_FAILED',
      400,
    );
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['imageUrl', 'name', 'orderLevel', 'organizationTypeId', 'platformServiceCategoryIds.1']);
    failsWith(await call('create', { name: 'X', organizationTypeId: 'lab', orderLevel: 1.5 }), 'VALIDATION_FAILED', 400);
  });

  test('writes need platform_admin when a token is present; anonymous is allowed in optional mode; reads are open', async () => {
    const staff = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
    const patient = await tokenFor(t(), 'idp-patient-home');
    const admin = await platformAdmin(t());
    failsWith(await call('create', { name: 'X', organizationTypeId: 'lab' }, staff.token), 'FORBIDDEN', 403);
    failsWith(await call('create', { name: 'X', organizationTypeId: 'lab' }, patient), 'FORBIDDEN', 403);
    const { item } = ok(await call('create', { name: 'By admin', organizationTypeId: 'lab' }, admin.token));
    failsWith(await call('update', { id: item.id, name: 'Y' }, staff.token), 'FORBIDDEN', 403);
    failsWith(await call('delete', { id: item.id }, staff.token), 'FORBIDDEN', 403);
    for (const token of [staff.token, patient]) {
      assert.equal(ok(await call('getById', { id: item.id }, token)).item.name, 'By admin');
      assert.deepEqual(ok(await call('list', { search: 'By admin' }, token)).items.map((c: { id: string }) => c.id), [item.id]);
    }
    assert.equal(ok(await call('update', { id: item.id, name: 'Anonymous edit' })).item.name, 'Anonymous edit');
  });

  test('update: omitted unchanged, null clears or puts the default back; name, type and categories are never null', async () => {
    const { item } = ok(await call('create', { name: 'Scans', organizationTypeId: 'lab', orderLevel: 4, subTitle: 'MRI, CT', platformServiceCategoryIds: ['scans'] }));
    const updated = ok(await call('update', { id: item.id, subTitle: null, orderLevel: null, gridTitle: 'Popular scans' })).item;
    assert.deepEqual([updated.name, updated.subTitle, updated.orderLevel, updated.gridTitle], ['Scans', null, 0, 'Popular scans']);
    assert.deepEqual(updated.platformServiceCategoryIds, ['scans']);
    assert.deepEqual(ok(await call('update', { id: item.id, platformServiceCategoryIds: [] })).item.platformServiceCategoryIds, []);
    const error = failsWith(await call('update', { id: item.id, name: null, organizationTypeId: null, platformServiceCategoryIds: null }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path).sort(), ['name', 'organizationTypeId', 'platformServiceCategoryIds']);
    failsWith(await call('update', { id: 'missing', name: 'X' }), 'NOT_FOUND', 404);
  });

  test('delete removes it; a missing one is NOT_FOUND', async () => {
    const { item } = ok(await call('create', { name: 'Gone', organizationTypeId: 'lab' }));
    assert.deepEqual(ok(await call('delete', { id: item.id })), { id: item.id, deleted: true });
    failsWith(await call('getById', { id: item.id }), 'NOT_FOUND', 404);
    failsWith(await call('delete', { id: item.id }), 'NOT_FOUND', 404);
    failsWith(await call('delete', {}), 'VALIDATION_FAILED', 400);
  });
});

/** A fresh app per suite, so the list sees only these records. */
describeEachDialect('homeCollections.list', (t) => {
  const list = (data: Record<string, unknown>) => t().call('homeCollections', 'list', data);

  async function seed(app: TestApp) {
    const rows = [
      { name: 'Hospitals', organizationTypeId: 'Hospital', orderLevel: 3, platformServiceCategoryIds: ['emergency', 'surgery'] },
      { name: 'Labs near you', organizationTypeId: 'lab', orderLevel: 1, subTitle: 'Blood tests at home', platformServiceCategoryIds: ['blood-tests'] },
      { name: 'Scan centres', organizationTypeId: 'lab', orderLevel: 2, platformServiceCategoryIds: ['scans', 'blood-tests-advanced'] },
      { name: 'Clinics', organizationTypeId: 'clinic', orderLevel: 5, gridTitle: '100% verified' },
      { name: 'Pharmacies', organizationTypeId: 'pharmacy', orderLevel: 4 },
    ];
    for (const row of rows) ok(await app.call('homeCollections', 'create', row));
  }

  test('lists by orderLevel (lowest first) by default, with page and pageSize', async () => {
    await seed(t());
    const first = ok(await list({ pageSize: 2 }));
    assert.deepEqual(names(first.items), ['Labs near you', 'Scan centres']);
    assert.deepEqual([first.total, first.page, first.pageSize, first.totalPages, first.limit, first.offset], [5, 1, 2, 3, 2, 0]);
    const third = ok(await list({ page: 3, pageSize: 2 }));
    assert.deepEqual(names(third.items), ['Clinics']);
    assert.equal(third.offset, 4);
    assert.deepEqual(names(ok(await list({})).items), ['Labs near you', 'Scan centres', 'Hospitals', 'Pharmacies', 'Clinics']);
  });

  test('limit and offset page as well; page with offset (or pageSize with limit) is VALIDATION_FAILED', async () => {
    const page = ok(await list({ limit: 2, offset: 1 }));
    assert.deepEqual(names(page.items), ['Scan centres', 'Hospitals']);
    assert.deepEqual([page.total, page.limit, page.offset, page.pageSize, page.page], [5, 2, 1, 2, 1]);
    assert.deepEqual(names(ok(await list({ offset: 4 })).items), ['Clinics']);
    failsWith(await list({ page: 2, offset: 2 }), 'VALIDATION_FAILED', 400);
    failsWith(await list({ pageSize: 2, limit: 2 }), 'VALIDATION_FAILED', 400);
    failsWith(await list({ limit: 101 }), 'VALIDATION_FAILED', 400);
    failsWith(await list({ offset: -1 }), 'VALIDATION_FAILED', 400);
  });

  test('sortBy from a whitelist, sortOrder asc or desc', async () => {
    assert.deepEqual(names(ok(await list({ sortBy: 'name' })).items), ['Clinics', 'Hospitals', 'Labs near you', 'Pharmacies', 'Scan centres']);
    assert.deepEqual(names(ok(await list({ sortOrder: 'desc', limit: 2 })).items), ['Clinics', 'Pharmacies']);
    const error = failsWith(await list({ sortBy: 'password' }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(error.details!.map((d) => d.path), ['sortBy']);
    failsWith(await list({ sortOrder: 'sideways' }), 'VALIDATION_FAILED', 400);
  });

  test('search (contains, case-insensitive, wildcards literal) over name and titles', async () => {
    assert.deepEqual(names(ok(await list({ search: 'BLOOD' })).items), ['Labs near you']);
    assert.deepEqual(names(ok(await list({ search: 'near' })).items), ['Labs near you']);
    assert.deepEqual(names(ok(await list({ search: '100%' })).items), ['Clinics']);
    assert.deepEqual(names(ok(await list({ search: '%' })).items), ['Clinics'], '% is taken literally');
    assert.equal(ok(await list({ search: '  ' })).total, 5, 'blank is no search');
  });

  test('filters: organizationTypeId (exact), organizationTypeName (the type id, any case), platformServiceCategoryId (whole element)', async () => {
    assert.deepEqual(names(ok(await list({ organizationTypeId: 'lab' })).items), ['Labs near you', 'Scan centres']);
    assert.equal(ok(await list({ organizationTypeId: 'LAB' })).total, 0);
    assert.deepEqual(names(ok(await list({ organizationTypeName: 'hospital' })).items), ['Hospitals']);
    assert.deepEqual(names(ok(await list({ organizationTypeName: 'LAB' })).items), ['Labs near you', 'Scan centres']);
    assert.deepEqual(names(ok(await list({ platformServiceCategoryId: 'blood-tests' })).items), ['Labs near you'], 'not blood-tests-advanced');
    assert.deepEqual(names(ok(await list({ platformServiceCategoryId: 'surgery', organizationTypeId: 'Hospital' })).items), ['Hospitals']);
    assert.equal(ok(await list({ platformServiceCategoryId: 'blood' })).total, 0);
    assert.equal(ok(await list({ organizationTypeId: null, platformServiceCategoryId: null })).total, 5, 'null is no filter');
  });
});
