import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

const NOW = Date.UTC(2026, 4, 12, 10, 0, 0);
const FIELDS = ['createdAt', 'degree', 'doctorId', 'educationStatus', 'endYear', 'id', 'institute', 'organizationId', 'startYear', 'updatedAt'];
let clock = NOW;

describeEachDialect(
  'doctorEducation',
  (t) => {
    const call = (op: string, data: Record<string, unknown>) => t().call('doctorEducation', op, data);

    async function doctorOf(organizationId = orgId()) {
      const doctor = await signIn(t(), { organizationId, roles: ['doctor'] });
      const add = (data: Record<string, unknown>) => call('create', { organizationId, doctorId: doctor.userId, degree: 'MBBS', ...data });
      return { organizationId, doctorId: doctor.userId, add };
    }

    test('create stores the whole record; getById returns it; another organization is NOT_FOUND', async () => {
      const { organizationId, doctorId, add } = await doctorOf();
      const { item } = ok(await add({ institute: 'AIIMS Delhi', startYear: 2010, endYear: 2015, educationStatus: 'completed', id: 'mine' }));
      assert.deepEqual(Object.keys(item).sort(), FIELDS);
      assert.notEqual(item.id, 'mine');
      assert.deepEqual([item.doctorId, item.degree, item.startYear, item.endYear, item.educationStatus], [doctorId, 'MBBS', 2010, 2015, 'completed']);
      assert.deepEqual(ok(await call('getById', { id: item.id, organizationId })).item, item);
      failsWith(await call('getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
      failsWith(await call('getById', { id: item.id }), 'VALIDATION_FAILED', 400);
      const bare = ok(await add({})).item;
      assert.deepEqual([bare.institute, bare.startYear, bare.endYear, bare.educationStatus], [null, null, null, null]);
    });

    test('years are plausible (1900 .. current year + 10, in the service zone) and endYear >= startYear', async () => {
      clock = NOW;
      const { add } = await doctorOf();
      const error = failsWith(await add({ degree: '', startYear: 1899, endYear: 20.5, educationStatus: 'maybe' }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['degree', 'educationStatus', 'endYear', 'startYear']);
      const far = failsWith(await add({ startYear: 2037 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(far.details!.map((d) => d.path), ['startYear']);
      ok(await add({ startYear: 2030, endYear: 2036, educationStatus: 'ongoing' }));
      const reversed = failsWith(await add({ startYear: 2015, endYear: 2014 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(reversed.details!.map((d) => d.path), ['endYear']);
      ok(await add({ startYear: 2015, endYear: 2015 }));
      ok(await add({ startYear: 1900 }));
    });

    test('doctorId must be a users record with role doctor in the organization', async () => {
      const { organizationId } = await doctorOf();
      const elsewhere = await doctorOf();
      const nurse = await signIn(t(), { organizationId, roles: ['nurse'] });
      for (const doctorId of [elsewhere.doctorId, nurse.userId, 'missing']) {
        const error = failsWith(await call('create', { organizationId, doctorId, degree: 'MD' }), 'VALIDATION_FAILED', 400);
        assert.deepEqual(error.details!.map((d) => d.path), ['doctorId']);
      }
    });

    test('update changes the listed fields, checks years against the stored ones, never the doctor; other organization NOT_FOUND', async () => {
      const { organizationId, doctorId, add } = await doctorOf();
      const other = await doctorOf(organizationId);
      const { item } = ok(await add({ startYear: 2010, endYear: 2015, institute: 'KMC' }));
      clock = NOW + 1_000;
      const updated = ok(await call('update', { id: item.id, organizationId, degree: 'MD', institute: null, doctorId: other.doctorId })).item;
      assert.deepEqual([updated.degree, updated.institute, updated.doctorId, updated.updatedAt], ['MD', null, doctorId, NOW + 1_000]);
      const early = failsWith(await call('update', { id: item.id, organizationId, endYear: 2009 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(early.details!.map((d) => d.path), ['endYear']);
      failsWith(await call('update', { id: item.id, organizationId, startYear: 2016 }), 'VALIDATION_FAILED', 400);
      assert.equal(ok(await call('update', { id: item.id, organizationId, startYear: 2016, endYear: null })).item.endYear, null);
      failsWith(await call('update', { id: item.id, organizationId, degree: null }), 'VALIDATION_FAILED', 400);
      failsWith(await call('update', { id: item.id, organizationId: orgId(), degree: 'X' }), 'NOT_FOUND', 404);
    });

    test('delete removes the record; another organization is NOT_FOUND', async () => {
      const { organizationId, add } = await doctorOf();
      const { item } = ok(await add({}));
      failsWith(await call('delete', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
      assert.deepEqual(ok(await call('delete', { id: item.id, organizationId })), { id: item.id, deleted: true });
      failsWith(await call('delete', { id: item.id, organizationId }), 'NOT_FOUND', 404);
      failsWith(await call('delete', { id: item.id }), 'VALIDATION_FAILED', 400);
    });

    test('listByDoctor: newest endYear first (ongoing, without one, first), filtered by status, sortBy whitelist', async () => {
      const { organizationId, doctorId, add } = await doctorOf();
      const colleague = await doctorOf(organizationId);
      ok(await colleague.add({ degree: 'Colleague', endYear: 2020 }));
      for (const [degree, startYear, endYear, educationStatus] of [
        ['MBBS', 2004, 2009, 'completed'],
        ['Fellowship', 2021, null, 'ongoing'],
        ['MD', 2010, 2013, 'completed'],
        ['Diploma', 2014, 2015, 'discontinued'],
      ] as const) {
        ok(await add({ degree, startYear, endYear, educationStatus }));
      }
      const degrees = (data: { items: { degree: string }[] }) => data.items.map((i) => i.degree);
      assert.deepEqual(degrees(ok(await call('listByDoctor', { doctorId, organizationId }))), ['Fellowship', 'Diploma', 'MD', 'MBBS']);
      assert.deepEqual(degrees(ok(await call('listByDoctor', { doctorId, organizationId, sortOrder: 'asc' }))), ['MBBS', 'MD', 'Diploma', 'Fellowship']);
      assert.deepEqual(degrees(ok(await call('listByDoctor', { doctorId, organizationId, sortBy: 'degree', sortOrder: 'asc' }))), ['Diploma', 'Fellowship', 'MBBS', 'MD']);
      assert.deepEqual(degrees(ok(await call('listByDoctor', { doctorId, organizationId, sortBy: 'startYear' }))), ['Fellowship', 'Diploma', 'MD', 'MBBS']);
      assert.deepEqual(degrees(ok(await call('listByDoctor', { doctorId, organizationId, educationStatus: 'completed' }))), ['MD', 'MBBS']);
      // not a doctor of that organization (docs/contract.md, "Referenced records")
      assert.equal(failsWith(await call('listByDoctor', { doctorId, organizationId: orgId() }), 'NOT_FOUND', 404).message, 'doctor not found');
      const error = failsWith(await call('listByDoctor', { doctorId, organizationId, sortBy: 'secret', educationStatus: 'x' }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['educationStatus', 'sortBy']);
      failsWith(await call('listByDoctor', { organizationId }), 'VALIDATION_FAILED', 400);
    });

    test('writes: the doctor himself or an admin of the organization; reads are public', async () => {
      const organizationId = orgId();
      const doctor = await signIn(t(), { organizationId, roles: ['doctor'] });
      const colleague = await signIn(t(), { organizationId, roles: ['doctor'] });
      const admin = await signIn(t(), { organizationId, roles: ['admin'] });
      const stranger = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
      const as = (op: string, data: Record<string, unknown>, token: string) => t().call('doctorEducation', op, data, { token });
      const entry = { organizationId, doctorId: doctor.userId, degree: 'MBBS' };

      const own = ok(await as('create', entry, doctor.token)).item;
      ok(await as('update', { id: own.id, organizationId, degree: 'MD' }, doctor.token));
      for (const token of [colleague.token, stranger.token]) {
        failsWith(await as('create', entry, token), 'FORBIDDEN', 403);
        failsWith(await as('update', { id: own.id, organizationId, degree: 'X' }, token), 'FORBIDDEN', 403);
        failsWith(await as('delete', { id: own.id, organizationId }, token), 'FORBIDDEN', 403);
      }
      const byAdmin = ok(await as('create', entry, admin.token)).item;
      ok(await as('update', { id: byAdmin.id, organizationId, institute: 'KMC' }, admin.token));
      ok(await as('delete', { id: byAdmin.id, organizationId }, admin.token));

      for (const token of [stranger.token, colleague.token]) {
        assert.equal(ok(await as('getById', { id: own.id, organizationId }, token)).item.degree, 'MD');
        assert.equal(ok(await as('listByDoctor', { doctorId: doctor.userId, organizationId }, token)).items.length, 1);
      }
      ok(await as('delete', { id: own.id, organizationId }, doctor.token));
    });
  },
  { services: { now: () => clock } },
);
