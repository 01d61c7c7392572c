import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, platformAdmin, signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { labSetup, orderInput } from '../labOrders/labOrders.testkit.ts';
import { listenToEvents } from '../webhooks/webhooks.testkit.ts';
import { MAX_FILE_SIZE } from './labResultFiles.resource.ts';

const NOW = Date.UTC(2026, 4, 12, 10, 0, 0);
let clock = NOW;

const FIELDS = [
  'createdAt', 'description', 'fileId', 'fileName', 'fileSize', 'fileUrl', 'id', 'isExternalResult', 'labOrderId', 'mimeType',
  'organizationId', 'patientIdpUserId', 'testName', 'updatedAt', 'uploadedAt', 'uploadedBy', 'uploadedByPatient',
];

describeEachDialect(
  'labResultFiles',
  (t) => {
    const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('labResultFiles', op, data, token ? { token } : {});

    async function orderWithFiles(extra: Record<string, unknown> = {}) {
      clock = NOW;
      const setup = await labSetup(t(), orgId());
      const order = ok(await t().call('labOrders', 'create', orderInput(setup, extra))).item;
      const file = (more: Record<string, unknown> = {}) => ({
        organizationId: setup.organizationId,
        labOrderId: order.id,
        fileId: 'file-1',
        fileName: 'cbc.pdf',
        fileSize: 123_456,
        mimeType: 'application/pdf',
        ...more,
      });
      return { setup, order, file };
    }

    test('create stores the metadata with its defaults (uploader, time, patient identity); getById returns it', async () => {
      const { setup, order, file } = await orderWithFiles();
      const tech = await signIn(t(), { organizationId: setup.organizationId, roles: ['lab_technician'] });
      clock = NOW + 10;
      const { item } = ok(await call('create', file({ mimeType: ' IMAGE/JPG ', fileUrl: 'https://files.example.test/cbc.jpg', testName: 'CBC', id: 'mine' }), tech.token));
      assert.deepEqual(Object.keys(item).sort(), FIELDS);
      assert.notEqual(item.id, 'mine');
      assert.equal(item.organizationId, setup.organizationId);
      assert.equal(item.labOrderId, order.id);
      assert.equal(item.mimeType, 'image/jpeg');
      assert.equal(item.fileSize, 123_456);
      assert.equal(item.uploadedBy, tech.idpUserId);
      assert.equal(item.uploadedAt, NOW + 10);
      assert.equal(item.createdAt, NOW + 10);
      assert.equal(item.patientIdpUserId, setup.patientIdpUserId);
      assert.equal(item.isExternalResult, false);
      assert.equal(item.uploadedByPatient, false);
      assert.deepEqual(ok(await call('getById', { id: item.id, organizationId: setup.organizationId })).item, item);
      failsWith(await call('getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
      failsWith(await call('getById', { id: item.id }), 'VALIDATION_FAILED', 400);
    });

    test('an uploaded result is a webhook event of the organization; a refused upload queues none', async () => {
      const { setup, file } = await orderWithFiles();
      const events = await listenToEvents(t(), setup.organizationId);
      failsWith(await call('create', file({ fileSize: 0 })), 'VALIDATION_FAILED', 400);
      const { item } = ok(await call('create', file()));
      const queued = await events();
      assert.deepEqual(queued.map((e) => e.type), ['labResult.uploaded']);
      assert.equal(queued[0]!.data.labResultFile.id, item.id);
      assert.equal(queued[0]!.data.labResultFile.labOrderId, item.labOrderId);
    });

    test('create validates size (> 0, at most 1 GiB), type (allowed list), URL (http or https) and the required fields', async () => {
      const { file } = await orderWithFiles();
      const error = failsWith(
        await call('create', { ...file({ fileSize: 0, mimeType: 'application/zip', fileUrl: 'ftp://files.example.test/a.pdf' }), fileId: undefined, fileName: ' ' }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['fileId', 'fileName', 'fileSize', 'fileUrl', 'mimeType']);
      failsWith(await call('create', file({ fileSize: MAX_FILE_SIZE + 1 })), 'VALIDATION_FAILED', 400);
      failsWith(await call('create', file({ fileSize: 1.5 })), 'VALIDATION_FAILED', 400);
      failsWith(await call('create', file({ fileUrl: 'javascript:alert(1)' })), 'VALIDATION_FAILED', 400);
      failsWith(await call('create', file({ fileUrl: 'not a url' })), 'VALIDATION_FAILED', 400);
      for (const mimeType of ['image/png', 'application/dicom', 'image/webp']) ok(await call('create', file({ mimeType })));
      assert.equal(ok(await call('create', file({ fileSize: MAX_FILE_SIZE, fileUrl: 'http://files.example.test/a.pdf' }))).item.fileSize, MAX_FILE_SIZE);
    });

    test('the lab order must be an order of the same organization', async () => {
      const { file } = await orderWithFiles();
      const other = await orderWithFiles();
      const error = failsWith(await call('create', file({ labOrderId: other.order.id })), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path), ['labOrderId']);
      failsWith(await call('create', file({ labOrderId: 'missing' })), 'VALIDATION_FAILED', 400);
    });

    test("a file uploaded by the order's patient is flagged uploadedByPatient; staff files as sent", async () => {
      const { setup, file } = await orderWithFiles();
      const patientToken = await tokenFor(t(), setup.patientIdpUserId!);
      const own = ok(await call('create', file({ uploadedByPatient: false }), patientToken)).item;
      assert.equal(own.uploadedByPatient, true);
      assert.equal(own.uploadedBy, setup.patientIdpUserId);
      const staff = await signIn(t(), { organizationId: setup.organizationId, roles: ['lab_technician'] });
      assert.equal(ok(await call('create', file(), staff.token)).item.uploadedByPatient, false);
      assert.equal(ok(await call('create', file({ uploadedByPatient: true }), staff.token)).item.uploadedByPatient, true, 'scanned for the patient');
      const stranger = await tokenFor(t(), 'idp-someone-else');
      failsWith(await call('create', file(), stranger), 'FORBIDDEN', 403);
    });

    test("patientIdpUserId, when sent, must be the order's patient's identity", async () => {
      const { setup, file } = await orderWithFiles();
      const error = failsWith(await call('create', file({ patientIdpUserId: 'idp-other' })), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path), ['patientIdpUserId']);
      assert.equal(ok(await call('create', file({ patientIdpUserId: setup.patientIdpUserId }))).item.patientIdpUserId, setup.patientIdpUserId);
    });

    test("an external test's result is flagged isExternalResult and stamps the test's externalResultUploadedAt once", async () => {
      const { setup, order, file } = await orderWithFiles();
      ok(
        await t().call('labOrders', 'update', {
          id: order.id,
          organizationId: setup.organizationId,
          tests: [{}, { isExternal: true, externalLabName: 'Metro Labs' }],
        }),
      );
      const inHouse = ok(await call('create', file({ testName: 'CBC' }))).item;
      assert.equal(inHouse.isExternalResult, false);
      clock = NOW + 100;
      const external = ok(await call('create', file({ testName: 'Lipid profile' }))).item;
      assert.equal(external.isExternalResult, true, 'the test named is external');
      clock = NOW + 200;
      ok(await call('create', file({ testName: 'LIPID', uploadedAt: NOW + 150 })));
      const stored = ok(await t().call('labOrders', 'getById', { id: order.id, organizationId: setup.organizationId })).item;
      assert.equal(stored.tests[1].externalResultUploadedAt, NOW + 100, 'the first external upload');
      assert.equal(stored.tests[0].externalResultUploadedAt, null);
      assert.equal(ok(await call('create', file({ isExternalResult: true }))).item.isExternalResult, true, 'flag as sent');
    });

    test("organizationId omitted: the lab order's organization", async () => {
      const { setup, file } = await orderWithFiles();
      const { organizationId: _named, ...input } = file();
      assert.equal(ok(await call('create', input)).item.organizationId, setup.organizationId);
      const member = await signIn(t(), { organizationId: setup.organizationId, roles: ['lab_technician'] });
      assert.equal(ok(await call('create', input, member.token)).item.organizationId, setup.organizationId);
      const admin = await platformAdmin(t());
      assert.equal(ok(await call('create', input, admin.token)).item.organizationId, setup.organizationId);
      failsWith(await call('create', { ...input, labOrderId: 'missing' }, admin.token), 'NOT_FOUND', 404);
      const outsider = await signIn(t(), { organizationId: orgId(), roles: ['lab_technician'] });
      failsWith(await call('create', input, outsider.token), 'NOT_FOUND', 404);
    });

    test('update changes metadata, keeps required fields and uploadedByPatient, checks a new lab order', async () => {
      const { setup, file } = await orderWithFiles();
      const second = ok(await t().call('labOrders', 'create', orderInput(setup))).item;
      const elsewhere = await orderWithFiles();
      const { item } = ok(await call('create', file({ description: 'first draft' })));
      clock = NOW + 500;
      const updated = ok(
        await call('update', { id: item.id, organizationId: setup.organizationId, description: null, fileSize: 2048, mimeType: 'image/png', labOrderId: second.id }),
      ).item;
      assert.deepEqual([updated.description, updated.fileSize, updated.mimeType, updated.labOrderId], [null, 2048, 'image/png', second.id]);
      assert.equal(updated.updatedAt, NOW + 500);
      assert.equal(updated.uploadedAt, item.uploadedAt);
      // uploadedAt and createdAt are ts? in the interface: null is accepted and keeps the stored times.
      const kept = ok(await call('update', { id: item.id, organizationId: setup.organizationId, uploadedAt: null, createdAt: null, description: 'kept' })).item;
      assert.deepEqual([kept.uploadedAt, kept.createdAt, kept.description], [item.uploadedAt, item.createdAt, 'kept']);
      const times = ok(await call('update', { id: item.id, organizationId: setup.organizationId, uploadedAt: 10, createdAt: 9 })).item;
      assert.deepEqual([times.uploadedAt, times.createdAt], [10, 9]);
      failsWith(await call('update', { id: item.id, organizationId: setup.organizationId, uploadedAt: -1 }), 'VALIDATION_FAILED', 400);
      const cleared = failsWith(await call('update', { id: item.id, organizationId: setup.organizationId, fileName: null, fileSize: 0 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(cleared.details!.map((d) => d.path).sort(), ['fileName', 'fileSize']);
      const flag = failsWith(await call('update', { id: item.id, organizationId: setup.organizationId, uploadedByPatient: true }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(flag.details!.map((d) => d.path), ['uploadedByPatient']);
      ok(await call('update', { id: item.id, organizationId: setup.organizationId, uploadedByPatient: false })); // the same value is accepted
      const moved = failsWith(await call('update', { id: item.id, organizationId: setup.organizationId, labOrderId: elsewhere.order.id }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(moved.details!.map((d) => d.path), ['labOrderId']);
      failsWith(await call('update', { id: item.id, organizationId: elsewhere.setup.organizationId, description: 'x' }), 'NOT_FOUND', 404);
      const admin = await platformAdmin(t());
      assert.equal(ok(await call('update', { id: item.id, description: 'by admin' }, admin.token)).item.description, 'by admin');
      assert.equal(ok(await call('update', { id: item.id, description: 'no token' })).item.description, 'no token');
      const outsider = await signIn(t(), { organizationId: orgId(), roles: ['lab_technician'] });
      failsWith(await call('update', { id: item.id, description: 'x' }, outsider.token), 'NOT_FOUND', 404);
    });

    test('delete removes the record; another organization is NOT_FOUND', async () => {
      const { setup, file } = await orderWithFiles();
      const { item } = ok(await call('create', file()));
      failsWith(await call('delete', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
      failsWith(await call('delete', { id: item.id }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(ok(await call('delete', { id: item.id, organizationId: setup.organizationId })), { id: item.id, deleted: true });
      failsWith(await call('getById', { id: item.id, organizationId: setup.organizationId }), 'NOT_FOUND', 404);
      failsWith(await call('delete', { id: item.id, organizationId: setup.organizationId }), 'NOT_FOUND', 404);
    });

    test("listByOrganization pages the organization's files newest first, optionally of one lab order", async () => {
      const { setup, order, file } = await orderWithFiles();
      const second = ok(await t().call('labOrders', 'create', orderInput(setup))).item;
      const ids: string[] = [];
      for (const labOrderId of [order.id, second.id, order.id]) {
        clock += 1;
        ids.push(ok(await call('create', file({ labOrderId }))).item.id);
      }
      const other = await orderWithFiles();
      ok(await call('create', other.file()));
      const all = ok(await call('listByOrganization', { organizationId: setup.organizationId }));
      assert.equal(all.total, 3);
      assert.deepEqual(all.items.map((f: { id: string }) => f.id), [...ids].reverse());
      const ofOrder = ok(await call('listByOrganization', { organizationId: setup.organizationId, labOrderId: order.id }));
      assert.deepEqual(ofOrder.items.map((f: { id: string }) => f.id), [ids[2], ids[0]]);
      failsWith(await call('listByOrganization', { organizationId: setup.organizationId, pageSize: 0 }), 'VALIDATION_FAILED', 400);
    });
  },
  { services: { now: () => clock } },
);
