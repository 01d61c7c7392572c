import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, platformAdmin, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { findLabOrder } from './labOrders.repo.ts';
import { labSetup, orderInput } from './labOrders.testkit.ts';

const NOW = Date.UTC(2026, 4, 10, 9, 0, 0);
let clock = NOW;

const ORDER_FIELDS = [
  'assignedTo', 'completedAt', 'completedBy', 'consultationId', 'createdAt', 'doctorId', 'id', 'notes', 'orderId',
  'organizationId', 'patientId', 'priority', 'selectedLabId', 'status', 'tests', 'updatedAt',
];
const TEST_FIELDS = [
  'code', 'completedAt', 'completedBy', 'externalLabName', 'externalMarkedAt', 'externalResultUploadedAt', 'id', 'instructions',
  'isExternal', 'itemType', 'name', 'price', 'processingStartedAt', 'processingStartedBy', 'quantity', 'reviewStatus',
  'sampleCollectedAt', 'sampleCollectedBy', 'sampleType', 'serviceId', 'status',
];

describeEachDialect(
  'labOrders create, getById, listByOrganization, getLabReport',
  (t) => {
    const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('labOrders', op, data, token ? { token } : {});

    test('create stores the order and its tests in the order given, every field present; getById and findLabOrder return it', async () => {
      clock = NOW;
      const setup = await labSetup(t(), orgId());
      const { item } = ok(
        await call('create', orderInput(setup, { doctorId: setup.doctorId, orderId: 'LAB-0001', notes: 'fasting', selectedLabId: 'lab-1', id: 'mine' })),
      );
      assert.deepEqual(Object.keys(item).sort(), ORDER_FIELDS);
      assert.notEqual(item.id, 'mine');
      assert.equal(item.organizationId, setup.organizationId);
      assert.equal(item.status, 'ordered');
      assert.equal(item.priority, 'routine');
      assert.equal(item.doctorId, setup.doctorId);
      assert.equal(item.completedAt, null);
      assert.equal(item.createdAt, NOW);
      assert.equal(item.tests.length, 2);
      assert.deepEqual(Object.keys(item.tests[0]).sort(), TEST_FIELDS);
      assert.deepEqual(item.tests.map((x: { code: string }) => x.code), ['CBC', 'LIPID']);
      const [cbc, lipid] = item.tests;
      assert.equal(cbc.status, 'ordered');
      assert.equal(cbc.price, 350.5);
      assert.equal(cbc.quantity, 1);
      assert.equal(cbc.isExternal, false);
      assert.equal(cbc.sampleCollectedAt, null);
      assert.equal(lipid.price, 800);
      assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: setup.organizationId })).item, item);
      assert.deepEqual(await findLabOrder(t().database.db, setup.organizationId, item.id), item);
      assert.equal(await findLabOrder(t().database.db, orgId(), item.id), undefined);
    });

    test('create validates its input with a path per problem', async () => {
      const setup = await labSetup(t(), orgId());
      const error = failsWith(
        await call('create', {
          organizationId: setup.organizationId,
          status: 'done',
          priority: 'whenever',
          tests: [{ status: 'lost', price: 1.005, quantity: 0 }],
        }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['patientId', 'priority', 'status', 'tests.0.price', 'tests.0.quantity', 'tests.0.status']);
      const empty = failsWith(await call('create', orderInput(setup, { tests: [] })), 'VALIDATION_FAILED', 400);
      assert.deepEqual(empty.details!.map((d) => d.path), ['tests']);
      failsWith(await call('create', orderInput(setup, { tests: undefined })), 'VALIDATION_FAILED', 400);
    });

    test('the patient must be a patient of the organization and the doctor a doctor there', async () => {
      const setup = await labSetup(t(), orgId());
      const elsewhere = await labSetup(t(), orgId());
      const patient = failsWith(await call('create', orderInput(setup, { patientId: elsewhere.patientId })), 'VALIDATION_FAILED', 400);
      assert.deepEqual(patient.details!.map((d) => d.path), ['patientId']);
      const doctor = failsWith(await call('create', orderInput(setup, { doctorId: elsewhere.doctorId })), 'VALIDATION_FAILED', 400);
      assert.deepEqual(doctor.details!.map((d) => d.path), ['doctorId']);
      const nurse = await signIn(t(), { organizationId: setup.organizationId, roles: ['nurse'] });
      failsWith(await call('create', orderInput(setup, { doctorId: nurse.userId })), 'VALIDATION_FAILED', 400);
    });

    test("create's status must be the one its tests give, or cancelled", async () => {
      const setup = await labSetup(t(), orgId());
      const wrong = failsWith(await call('create', orderInput(setup, { status: 'completed' })), 'VALIDATION_FAILED', 400);
      assert.deepEqual(wrong.details!.map((d) => d.path), ['status']);
      const mixed = orderInput(setup, { status: 'in_progress', tests: [{ name: 'CBC', status: 'processing' }, { name: 'ESR' }] });
      const started = ok(await call('create', mixed)).item;
      assert.equal(started.status, 'in_progress');
      assert.equal(ok(await call('create', orderInput(setup, { status: 'cancelled' }))).item.status, 'cancelled');
    });

    test('an order created with every test completed is completed, stamped, and its patient notified once', async () => {
      clock = NOW + 5_000;
      const setup = await labSetup(t(), orgId());
      const staff = await signIn(t(), { organizationId: setup.organizationId, roles: ['lab_technician'] });
      const input = orderInput(setup, {
        status: 'completed',
        tests: [{ name: 'CBC', status: 'completed', completedAt: NOW + 1_000, completedBy: 'tech-a' }, { name: 'ESR', status: 'completed' }],
      });
      const { item } = ok(await call('create', input, staff.token));
      assert.equal(item.status, 'completed');
      assert.equal(item.completedAt, NOW + 5_000, 'the test completed last');
      assert.equal(item.completedBy, staff.idpUserId);
      const notes = await t().database.db.selectFrom('notifications').selectAll().where('relatedEntityId', '=', item.id).execute();
      assert.equal(notes.length, 1);
      assert.equal(notes[0]!.recipientIdpUserId, setup.patientIdpUserId);
      assert.equal(notes[0]!.dedupeKey, `lab-order:${item.id}:results-ready`);
      assert.equal(notes[0]!.organizationId, setup.organizationId);
    });

    test("organizationId omitted: the order is in the patient's organization", async () => {
      const setup = await labSetup(t(), orgId());
      const { organizationId: _named, ...input } = orderInput(setup);
      assert.equal(ok(await call('create', input)).item.organizationId, setup.organizationId);
      const admin = await platformAdmin(t());
      assert.equal(ok(await call('create', input, admin.token)).item.organizationId, setup.organizationId);
      const member = await signIn(t(), { organizationId: setup.organizationId, roles: ['lab_technician'] });
      assert.equal(ok(await call('create', input, member.token)).item.organizationId, setup.organizationId);
      failsWith(await call('create', { ...input, patientId: 'missing' }, member.token), 'NOT_FOUND', 404);
      const other = await signIn(t(), { organizationId: orgId(), roles: ['lab_technician'] });
      failsWith(await call('create', input, other.token), 'NOT_FOUND', 404);
      failsWith(await call('create', { ...input, organizationId: setup.organizationId }, other.token), 'FORBIDDEN', 403);
    });

    test('getById: another organization is NOT_FOUND, input is validated', async () => {
      const setup = await labSetup(t(), orgId());
      const { item } = ok(await call('create', orderInput(setup)));
      failsWith(await call('getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
      failsWith(await call('getById', { id: 'nope', organizationId: setup.organizationId }), 'NOT_FOUND', 404);
      const error = failsWith(await call('getById', { id: item.id }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path), ['organizationId']);
    });

    test("listByOrganization pages the organization's orders newest first, with their tests", async () => {
      const setup = await labSetup(t(), orgId());
      const other = await labSetup(t(), orgId());
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        clock = NOW + i;
        ids.push(ok(await call('create', orderInput(setup, { orderId: `O-${i}` }))).item.id);
      }
      ok(await call('create', orderInput(other)));
      const first = ok(await call('listByOrganization', { organizationId: setup.organizationId, pageSize: 2 }));
      assert.equal(first.total, 3);
      assert.equal(first.totalPages, 2);
      assert.deepEqual(first.items.map((o: { id: string }) => o.id), [ids[2], ids[1]]);
      assert.equal(first.items[0].tests.length, 2);
      const second = ok(await call('listByOrganization', { organizationId: setup.organizationId, page: 2, pageSize: 2 }));
      assert.deepEqual(second.items.map((o: { id: string }) => o.id), [ids[0]]);
      assert.equal(ok(await call('listByOrganization', { organizationId: orgId() })).total, 0);
      failsWith(await call('listByOrganization', { organizationId: setup.organizationId, pageSize: 101 }), 'VALIDATION_FAILED', 400);
      failsWith(await call('listByOrganization', {}), 'VALIDATION_FAILED', 400);
    });

    test("getLabReport pages the organization's orders with their tests and result files", async () => {
      clock = NOW;
      const setup = await labSetup(t(), orgId());
      const withFiles = ok(await call('create', orderInput(setup))).item;
      clock = NOW + 1;
      const without = ok(await call('create', orderInput(setup))).item;
      for (const fileName of ['cbc.pdf', 'lipid.pdf']) {
        clock += 1;
        ok(
          await t().call('labResultFiles', 'create', {
            organizationId: setup.organizationId,
            labOrderId: withFiles.id,
            fileId: `f-${fileName}`,
            fileName,
            fileSize: 2048,
            mimeType: 'application/pdf',
          }),
        );
      }
      const other = await labSetup(t(), orgId());
      ok(await call('create', orderInput(other)));
      const report = ok(await call('getLabReport', { organizationId: setup.organizationId }));
      assert.equal(report.total, 2);
      assert.deepEqual(report.items.map((o: { id: string }) => o.id), [without.id, withFiles.id]);
      assert.deepEqual(report.items[0].resultFiles, []);
      assert.deepEqual(report.items[1].resultFiles.map((f: { fileName: string }) => f.fileName), ['cbc.pdf', 'lipid.pdf']);
      assert.equal(report.items[1].tests.length, 2);
      assert.equal(ok(await call('getLabReport', { organizationId: other.organizationId })).items[0].resultFiles.length, 0);
      assert.equal(ok(await call('getLabReport', { organizationId: setup.organizationId, pageSize: 1, page: 2 })).items[0].id, withFiles.id);
      failsWith(await call('getLabReport', { organizationId: setup.organizationId, page: 0 }), 'VALIDATION_FAILED', 400);
    });
  },
  { services: { now: () => clock } },
);
