import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orgId, platformAdmin, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';

let clock = 1_800_000_000_000;

describeEachDialect(
  'audit.list and the audit trail',
  (t) => {
    const auditOf = async (filter: Record<string, unknown>) => {
      const admin = await platformAdmin(t());
      return ok(await t().call('audit', 'list', filter, { token: admin.token }));
    };
    const counter = (organizationId: string, date = '2026-03-01') => ({ organizationId, date, prefix: 'OPD', lastSequence: 0 });

    test('a write records who, what, which record, which organization and from where', async () => {
      const org = orgId();
      const member = await signIn(t(), { organizationId: org, roles: ['receptionist'] });
      clock += 1000;
      const signedCreate = ok(await t().call('tokenCounters', 'create', counter(org), { token: member.token, ip: '127.0.0.21' })).item;
      clock += 1000;
      const anonymousCreate = ok(await t().call('tokenCounters', 'create', counter(org, '2026-03-02'), { ip: '127.0.0.22' })).item;

      const page = await auditOf({ organizationId: org });
      assert.equal(page.total, 2);
      assert.deepEqual(Object.keys(page).sort(), ['items', 'page', 'pageSize', 'total', 'totalPages']);
      const [newest, oldest] = page.items;
      assert.equal(newest.operation, 'tokenCounters.create');
      assert.equal(newest.recordId, anonymousCreate.id);
      assert.equal(newest.organizationId, org);
      assert.equal(newest.actorId, null);
      assert.equal(newest.actorAddress, '127.0.0.22');
      assert.equal(newest.at, clock);
      assert.equal(typeof newest.requestId, 'string');
      assert.equal(oldest.operation, 'tokenCounters.create');
      assert.equal(oldest.recordId, signedCreate.id);
      assert.equal(oldest.actorId, member.idpUserId);
      assert.equal(oldest.actorAddress, '127.0.0.21');
      assert.equal(oldest.at, clock - 1000);
    });

    test('update, delete and next are audited too; reads are not', async () => {
      const org = orgId();
      const item = ok(await t().call('tokenCounters', 'create', counter(org))).item;
      ok(await t().call('tokenCounters', 'getById', { id: item.id, organizationId: org }));
      ok(await t().call('tokenCounters', 'listByOrganization', { organizationId: org }));
      ok(await t().call('tokenCounters', 'update', { id: item.id, organizationId: org, lastSequence: 5 }));
      ok(await t().call('tokenCounters', 'next', { organizationId: org, date: '2026-03-01', prefix: 'OPD' }));
      ok(await t().call('tokenCounters', 'delete', { id: item.id, organizationId: org }));
      const page = await auditOf({ organizationId: org, pageSize: 100 });
      assert.deepEqual(
        page.items.map((r: { operation: string }) => r.operation).sort(),
        ['tokenCounters.create', 'tokenCounters.delete', 'tokenCounters.next', 'tokenCounters.update'],
      );
      assert.ok(page.items.every((r: { recordId: string }) => r.recordId === item.id));
    });

    test('a failed write leaves no audit row', async () => {
      const org = orgId();
      ok(await t().call('tokenCounters', 'create', counter(org)));
      failsWith(await t().call('tokenCounters', 'create', counter(org)), 'CONFLICT', 409);
      failsWith(await t().call('tokenCounters', 'update', { id: 'missing', organizationId: org, lastSequence: 1 }), 'NOT_FOUND', 404);
      const page = await auditOf({ organizationId: org });
      assert.equal(page.total, 1);
      assert.equal(page.items[0].operation, 'tokenCounters.create');
    });

    test('filters by actor, operation, record and time window, and pages newest first', async () => {
      const org = orgId();
      const member = await signIn(t(), { organizationId: org, roles: ['receptionist'] });
      const start = (clock += 1000);
      const items = [];
      for (const date of ['2026-04-01', '2026-04-02', '2026-04-03']) {
        items.push(ok(await t().call('tokenCounters', 'create', counter(org, date), { token: member.token })).item);
        clock += 1000;
      }
      ok(await t().call('tokenCounters', 'update', { id: items[0].id, organizationId: org, lastSequence: 3 }));

      const byActor = await auditOf({ actorId: member.idpUserId, pageSize: 2 });
      assert.equal(byActor.total, 3);
      assert.equal(byActor.totalPages, 2);
      assert.deepEqual(byActor.items.map((r: { recordId: string }) => r.recordId), [items[2].id, items[1].id]);
      const second = await auditOf({ actorId: member.idpUserId, pageSize: 2, page: 2 });
      assert.deepEqual(second.items.map((r: { recordId: string }) => r.recordId), [items[0].id]);

      const updates = await auditOf({ organizationId: org, operation: 'tokenCounters.update' });
      assert.equal(updates.total, 1);
      assert.equal(updates.items[0].actorId, null);

      const byRecord = await auditOf({ recordId: items[0].id });
      assert.deepEqual(byRecord.items.map((r: { operation: string }) => r.operation), ['tokenCounters.update', 'tokenCounters.create']);

      const window = await auditOf({ organizationId: org, from: start + 1000, to: start + 2000 });
      assert.deepEqual(window.items.map((r: { recordId: string }) => r.recordId), [items[2].id, items[1].id]);

      const none = await auditOf({ organizationId: orgId() });
      assert.equal(none.total, 0);
      assert.deepEqual(none.items, []);
    });

    test('bad filters are VALIDATION_FAILED', async () => {
      const admin = await platformAdmin(t());
      for (const data of [{ from: -1 }, { to: 1.5 }, { from: 10, to: 5 }, { pageSize: 101 }, { page: 0 }, { actorId: '' }]) {
        failsWith(await t().call('audit', 'list', data, { token: admin.token }), 'VALIDATION_FAILED', 400);
      }
    });

    test("an organization's admins read its trail and no other; other roles 403; no token or an invalid one 401", async () => {
      const [org, other] = [orgId(), orgId()];
      ok(await t().call('tokenCounters', 'create', counter(org)));
      ok(await t().call('tokenCounters', 'create', counter(other)));
      failsWith(await t().call('audit', 'list', {}), 'UNAUTHENTICATED', 401);
      failsWith(await t().call('audit', 'list', {}, { token: 'not-a-token' }), 'UNAUTHENTICATED', 401);
      const admin = await signIn(t(), { organizationId: org, roles: ['admin'] });
      const page = ok(await t().call('audit', 'list', { organizationId: org }, { token: admin.token }));
      assert.deepEqual(page.items.map((r: { organizationId: string }) => r.organizationId), [org]);
      failsWith(await t().call('audit', 'list', { organizationId: other }, { token: admin.token }), 'FORBIDDEN', 403);
      failsWith(await t().call('audit', 'list', {}, { token: admin.token }), 'FORBIDDEN', 403);
      for (const roles of [['hr'], ['staff'], ['doctor']]) {
        const user = await signIn(t(), { organizationId: org, roles });
        failsWith(await t().call('audit', 'list', { organizationId: org }, { token: user.token }), 'FORBIDDEN', 403);
      }
    });

    test('the database refuses to change or remove audit rows', async () => {
      const org = orgId();
      ok(await t().call('tokenCounters', 'create', counter(org)));
      const db = t().database.db;
      await assert.rejects(db.updateTable('auditLog').set({ actorId: 'forged' }).where('organizationId', '=', org).execute(), /append-only/);
      await assert.rejects(db.deleteFrom('auditLog').where('organizationId', '=', org).execute(), /append-only/);
      const rows = await db.selectFrom('auditLog').selectAll().where('organizationId', '=', org).execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.actorId, null);
    });
  },
  { services: { now: () => clock } },
);
