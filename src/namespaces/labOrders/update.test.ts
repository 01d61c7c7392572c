import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, platformAdmin, signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';
import { labSetup, orderInput } from './labOrders.testkit.ts';

const NOW = Date.UTC(2026, 4, 11, 8, 0, 0);
let clock = NOW;

async function notificationsOf(t: TestApp, labOrderId: string) {
  return t.database.db.selectFrom('notifications').selectAll().where('relatedEntityId', '=', labOrderId).execute();
}

describeEachDialect(
  'labOrders.update: tests move, the order follows',
  (t) => {
    let tech: SignedIn;
    const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('labOrders', op, data, token ? { token } : {});

    async function newOrder(extra: Record<string, unknown> = {}, options: { withIdentity?: boolean } = {}) {
      clock = NOW;
      const setup = await labSetup(t(), orgId(), options);
      tech = await signIn(t(), { organizationId: setup.organizationId, roles: ['lab_technician'] });
      const order = ok(await call('create', orderInput(setup, extra))).item;
      const move = (tests: Record<string, unknown>[], more: Record<string, unknown> = {}, token: string | undefined = tech.token) =>
        call('update', { id: order.id, organizationId: setup.organizationId, tests, ...more }, token);
      return { setup, order, move };
    }

    test('each step stamps its who / when from the caller and the clock; the order goes ordered -> in_progress -> completed', async () => {
      const { setup, order, move } = await newOrder();
      clock = NOW + 1_000;
      let item = ok(await move([{ status: 'sample_collected' }, {}])).item;
      assert.equal(item.tests[0].status, 'sample_collected');
      assert.equal(item.tests[0].sampleCollectedAt, NOW + 1_000);
      assert.equal(item.tests[0].sampleCollectedBy, tech.idpUserId);
      assert.equal(item.tests[0].processingStartedAt, null);
      assert.equal(item.tests[1].status, 'ordered');
      assert.equal(item.status, 'in_progress');
      assert.equal(item.updatedAt, NOW + 1_000);

      clock = NOW + 2_000;
      item = ok(await move([{ status: 'processing' }, {}])).item;
      assert.equal(item.tests[0].sampleCollectedAt, NOW + 1_000, 'an earlier step keeps its stamp');
      assert.equal(item.tests[0].processingStartedAt, NOW + 2_000);
      assert.equal(item.tests[0].processingStartedBy, tech.idpUserId);

      clock = NOW + 3_000;
      item = ok(await move([{ status: 'completed', completedBy: 'Dr. Path' }, {}])).item;
      assert.equal(item.tests[0].completedAt, NOW + 3_000);
      assert.equal(item.tests[0].completedBy, 'Dr. Path', 'a given who wins');
      assert.equal(item.status, 'in_progress');
      assert.equal(item.completedAt, null);
      assert.equal((await notificationsOf(t(), order.id)).length, 0, 'no results yet');

      clock = NOW + 4_000;
      item = ok(await move([{}, { status: 'completed' }])).item;
      assert.equal(item.status, 'completed');
      assert.equal(item.completedAt, NOW + 4_000);
      assert.equal(item.completedBy, tech.idpUserId);
      assert.deepEqual(ok(await call('getById', { id: order.id, organizationId: setup.organizationId })).item, item);
    });

    test('a test passed over in one move is stamped like the step it lands on', async () => {
      const { move } = await newOrder();
      clock = NOW + 500;
      const { item } = ok(await move([{ status: 'completed', completedAt: NOW + 100 }, { status: 'processing' }]));
      const [first, second] = item.tests;
      assert.deepEqual([first.sampleCollectedAt, first.processingStartedAt, first.completedAt], [NOW + 100, NOW + 100, NOW + 100]);
      assert.deepEqual([first.sampleCollectedBy, first.processingStartedBy, first.completedBy], [tech.idpUserId, tech.idpUserId, tech.idpUserId]);
      assert.deepEqual([second.sampleCollectedAt, second.processingStartedAt, second.completedAt], [NOW + 500, NOW + 500, null]);
    });

    test('a step is never undone: going back is INVALID_STATE and changes nothing', async () => {
      const { setup, order, move } = await newOrder();
      ok(await move([{ status: 'processing' }, { status: 'completed' }]));
      for (const [test0, test1] of [
        [{ status: 'sample_collected' }, {}],
        [{ status: 'ordered' }, {}],
        [{}, { status: 'processing' }],
      ]) {
        const error = failsWith(await move([test0!, test1!]), 'INVALID_STATE', 409);
        assert.match(error.message, /cannot go back/);
      }
      const stored = ok(await call('getById', { id: order.id, organizationId: setup.organizationId })).item;
      assert.deepEqual(stored.tests.map((x: { status: string }) => x.status), ['processing', 'completed']);
      ok(await move([{ status: 'processing' }, { status: 'completed' }])); // staying on a step is not going back
    });

    test("a step's who / when fields: set only once reached, never cleared, never before the step before", async () => {
      const { move } = await newOrder();
      const early = failsWith(await move([{ processingStartedAt: NOW }, {}]), 'VALIDATION_FAILED', 400);
      assert.deepEqual(early.details!.map((d) => d.path), ['tests.0.processingStartedAt']);
      ok(await move([{ status: 'sample_collected', sampleCollectedAt: NOW + 10 }, {}]));
      const cleared = failsWith(await move([{ sampleCollectedAt: null }, {}]), 'VALIDATION_FAILED', 400);
      assert.deepEqual(cleared.details!.map((d) => d.path), ['tests.0.sampleCollectedAt']);
      const backwards = failsWith(await move([{ status: 'processing', processingStartedAt: NOW + 5 }, {}]), 'VALIDATION_FAILED', 400);
      assert.deepEqual(backwards.details!.map((d) => d.path), ['tests.0.processingStartedAt']);
      const corrected = ok(await move([{ sampleCollectedAt: NOW + 7, sampleCollectedBy: 'nurse-b' }, {}])).item;
      assert.equal(corrected.tests[0].sampleCollectedAt, NOW + 7, 'a reached step may be corrected');
      assert.equal(corrected.tests[0].sampleCollectedBy, 'nurse-b');
    });

    test('without a token the who fields stay null; the when fields are still stamped', async () => {
      const { setup, order } = await newOrder();
      clock = NOW + 1;
      const { item } = ok(await call('update', { id: order.id, organizationId: setup.organizationId, tests: [{ status: 'sample_collected' }, {}] }));
      assert.equal(item.tests[0].sampleCollectedAt, NOW + 1);
      assert.equal(item.tests[0].sampleCollectedBy, null);
    });

    test('marking a test external needs the lab name, stamps externalMarkedAt; not once completed', async () => {
      const { move } = await newOrder();
      const nameless = failsWith(await move([{ isExternal: true }, {}]), 'VALIDATION_FAILED', 400);
      assert.deepEqual(nameless.details!.map((d) => d.path), ['tests.0.externalLabName']);
      const stray = failsWith(await move([{ externalLabName: 'Metro Labs' }, {}]), 'VALIDATION_FAILED', 400);
      assert.deepEqual(stray.details!.map((d) => d.path), ['tests.0.externalLabName'], 'external fields only on an external test');
      clock = NOW + 60_000;
      let item = ok(await move([{ isExternal: true, externalLabName: 'Metro Labs' }, { status: 'completed' }])).item;
      assert.equal(item.tests[0].isExternal, true);
      assert.equal(item.tests[0].externalLabName, 'Metro Labs');
      assert.equal(item.tests[0].externalMarkedAt, NOW + 60_000);
      clock = NOW + 70_000;
      item = ok(await move([{ status: 'completed' }, {}])).item;
      assert.equal(item.tests[0].externalMarkedAt, NOW + 60_000, 'kept');
      assert.equal(item.status, 'completed', 'an external test completes like any other');
      const late = failsWith(await move([{}, { isExternal: true, externalLabName: 'Metro Labs' }]), 'INVALID_STATE', 409);
      assert.match(late.message, /completed test/);
      const unmark = failsWith(await move([{ isExternal: false }, {}]), 'INVALID_STATE', 409);
      assert.match(unmark.message, /completed test/);
    });

    test('unmarking an external test clears its external fields', async () => {
      const { move } = await newOrder();
      ok(await move([{ isExternal: true, externalLabName: 'Metro Labs' }, {}]));
      const { item } = ok(await move([{ isExternal: false }, {}]));
      assert.deepEqual([item.tests[0].isExternal, item.tests[0].externalLabName, item.tests[0].externalMarkedAt], [false, null, null]);
    });

    test('tests are matched by position: the list covers every stored test, ids must match, extra elements are new tests', async () => {
      const { order, move } = await newOrder();
      const short = failsWith(await move([{ status: 'processing' }]), 'VALIDATION_FAILED', 400);
      assert.deepEqual(short.details!.map((d) => d.path), ['tests']);
      const swapped = failsWith(await move([{ id: order.tests[1].id }, { id: order.tests[0].id }]), 'VALIDATION_FAILED', 400);
      assert.deepEqual(swapped.details!.map((d) => d.path), ['tests.0.id']);
      const { item } = ok(await move([{ id: order.tests[0].id, reviewStatus: 'pending' }, {}, { name: 'HbA1c', code: 'HBA1C', price: 499.99 }]));
      assert.equal(item.tests.length, 3);
      assert.deepEqual(item.tests.map((x: { id: string }) => x.id).slice(0, 2), [order.tests[0].id, order.tests[1].id]);
      assert.equal(item.tests[0].reviewStatus, 'pending');
      assert.equal(item.tests[1].name, 'Lipid profile', 'an empty element leaves the test as it is');
      assert.deepEqual([item.tests[2].code, item.tests[2].status, item.tests[2].price], ['HBA1C', 'ordered', 499.99]);
      const cleared = ok(await move([{ reviewStatus: null }, {}, {}])).item;
      assert.equal(cleared.tests[0].reviewStatus, null, 'null clears a plain field');
    });

    test('a completed order takes no new tests; a completed order cannot be cancelled', async () => {
      const { move } = await newOrder();
      ok(await move([{ status: 'completed' }, { status: 'completed' }]));
      failsWith(await move([{}, {}, { name: 'Extra' }]), 'INVALID_STATE', 409);
      failsWith(await move([{}, {}], { status: 'cancelled' }), 'INVALID_STATE', 409);
      assert.equal(ok(await move([{ reviewStatus: 'reviewed' }, {}])).item.tests[0].reviewStatus, 'reviewed', 'other test fields still change');
    });

    test('status: cancelled by hand and final; any other value must agree with the tests (INVALID_STATE)', async () => {
      const { move } = await newOrder();
      const disagree = failsWith(await move([{}, {}], { status: 'completed' }), 'INVALID_STATE', 409);
      assert.match(disagree.message, /follows the tests/);
      ok(await move([{}, {}], { status: 'ordered' }));
      const { item } = ok(await move([{}, {}], { status: 'cancelled', notes: 'patient left' }));
      assert.equal(item.status, 'cancelled');
      failsWith(await move([{ status: 'sample_collected' }, {}]), 'INVALID_STATE', 409);
      failsWith(await move([{}, {}, { name: 'Extra' }]), 'INVALID_STATE', 409);
      failsWith(await move([{}, {}], { status: 'ordered' }), 'INVALID_STATE', 409);
      assert.equal(ok(await move([{}, {}], { notes: 'called back' })).item.notes, 'called back');
      failsWith(await move([{}, {}], { status: 'done' }), 'VALIDATION_FAILED', 400);
    });

    test('completedAt / completedBy: only on a completed order, then never cleared', async () => {
      const { move } = await newOrder();
      const early = failsWith(await move([{}, {}], { completedAt: NOW }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(early.details!.map((d) => d.path), ['completedAt']);
      clock = NOW + 9_000;
      const done = ok(await move([{ status: 'completed' }, { status: 'completed' }], { completedBy: 'Dr. Path' })).item;
      assert.equal(done.completedBy, 'Dr. Path');
      assert.equal(done.completedAt, NOW + 9_000);
      failsWith(await move([{}, {}], { completedAt: null }), 'VALIDATION_FAILED', 400);
      assert.equal(ok(await move([{}, {}], { completedAt: NOW + 9_500 })).item.completedAt, NOW + 9_500);
    });

    test('the patient is notified once when the order completes, with a per-order dedupe key', async () => {
      const { order, setup, move } = await newOrder();
      ok(await move([{ status: 'completed' }, {}]));
      assert.equal((await notificationsOf(t(), order.id)).length, 0);
      ok(await move([{}, { status: 'completed' }]));
      ok(await move([{ reviewStatus: 'reviewed' }, {}]));
      const notes = await notificationsOf(t(), order.id);
      assert.equal(notes.length, 1);
      assert.equal(notes[0]!.recipientIdpUserId, setup.patientIdpUserId);
      assert.equal(notes[0]!.recipientRole, 'patient');
      assert.equal(notes[0]!.type, 'lab_results_ready');
      assert.equal(notes[0]!.dedupeKey, `lab-order:${order.id}:results-ready`);
      const jobs = await t().database.db.selectFrom('notificationDeliveries').select('id').where('notificationId', '=', notes[0]!.id).execute();
      assert.equal(jobs.length, 1, 'queued for push in the same transaction');
    });

    test('a patient without a sign-in identity is not notified (nothing to address)', async () => {
      const { order, move } = await newOrder({}, { withIdentity: false });
      ok(await move([{ status: 'completed' }, { status: 'completed' }]));
      assert.equal((await notificationsOf(t(), order.id)).length, 0);
    });

    test('order fields: patient and doctor references are checked when they change; required ones are never cleared', async () => {
      const { setup, move } = await newOrder();
      const elsewhere = await labSetup(t(), orgId());
      failsWith(await move([{}, {}], { patientId: elsewhere.patientId }), 'VALIDATION_FAILED', 400);
      failsWith(await move([{}, {}], { doctorId: elsewhere.doctorId }), 'VALIDATION_FAILED', 400);
      const error = failsWith(await move([{}, {}], { patientId: null, priority: null, tests: null }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['patientId', 'priority', 'tests']);
      const { item } = ok(await move([{}, {}], { doctorId: setup.doctorId, priority: 'stat', assignedTo: 'tech-1', orderId: null }));
      assert.deepEqual([item.doctorId, item.priority, item.assignedTo, item.orderId], [setup.doctorId, 'stat', 'tech-1', null]);
    });

    test('tenancy: another organization is NOT_FOUND; organizationId omitted is the order\'s', async () => {
      const { setup, order } = await newOrder();
      failsWith(await call('update', { id: order.id, organizationId: orgId(), notes: 'x' }), 'NOT_FOUND', 404);
      const outsider = await signIn(t(), { organizationId: orgId(), roles: ['lab_technician'] });
      failsWith(await call('update', { id: order.id, notes: 'x' }, outsider.token), 'NOT_FOUND', 404);
      failsWith(await call('update', { id: order.id, organizationId: setup.organizationId, notes: 'x' }, outsider.token), 'FORBIDDEN', 403);
      assert.equal(ok(await call('update', { id: order.id, notes: 'no token' })).item.notes, 'no token');
      assert.equal(ok(await call('update', { id: order.id, notes: 'by member' }, tech.token)).item.notes, 'by member');
      const admin = await platformAdmin(t());
      assert.equal(ok(await call('update', { id: order.id, notes: 'by admin' }, admin.token)).item.notes, 'by admin');
      failsWith(await call('update', { id: 'missing', notes: 'x' }, admin.token), 'NOT_FOUND', 404);
      failsWith(await call('update', { id: 'missing', notes: 'x' }, tech.token), 'NOT_FOUND', 404);
      failsWith(await call('update', { notes: 'x' }, admin.token), 'VALIDATION_FAILED', 400);
    });

    test('concurrent updates of different tests of one order all land, and the patient is notified once', async () => {
      const tests = ['CBC', 'ESR', 'LFT', 'KFT', 'TSH', 'HBA1C'].map((code) => ({ code }));
      const { order, move } = await newOrder({ tests });
      const results = await Promise.all(tests.map((_, i) => move(tests.map((__, j) => (i === j ? { status: 'completed' } : {})))));
      for (const r of results) ok(r);
      const stored = ok(await call('getById', { id: order.id, organizationId: order.organizationId })).item;
      assert.deepEqual(stored.tests.map((x: { status: string }) => x.status), tests.map(() => 'completed'));
      assert.equal(stored.status, 'completed');
      assert.equal((await notificationsOf(t(), order.id)).length, 1);
    });
  },
  { services: { now: () => clock } },
);
