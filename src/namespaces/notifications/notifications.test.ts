import { everyone } from '../../operations/audience.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';
import { AppError } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { newId } from '../../values/ids.ts';
import { defineOperation } from '../../operations/operation.ts';
import { notifyResult } from './notifications.results.ts';
import { NO_PROVIDER, notify } from './notifications.notify.ts';

const NOW = Date.UTC(2026, 4, 10, 9, 0, 0);
let clock = NOW;

/** A namespace of another helper: notifies through notify() in its own transaction, then maybe fails. */
const notifyThenMaybeFail = defineOperation({
  namespace: 'notifyProbe',
  name: 'run',
  summary: 'Notify through notify(), then fail when asked',
  audience: everyone,
  writes: true,
  input: z.object({ organizationId: id(), recipientIdpUserId: id(), dedupeKey: z.string().optional(), fail: z.boolean().default(false) }),
  output: notifyResult,
  async handler(ctx, input) {
    const result = await notify(ctx.db, ctx, {
      organizationId: input.organizationId,
      recipientIdpUserId: input.recipientIdpUserId,
      recipientRole: 'patient',
      type: 'appointment_reminder',
      title: 'Your appointment',
      message: 'Tomorrow at 10:00',
      relatedEntityType: 'appointments',
      relatedEntityId: 'appt-1',
      dedupeKey: input.dedupeKey,
    });
    if (input.fail) throw new AppError('INVALID_STATE', 'the caller failed after notifying');
    return result;
  },
});

const base = (organizationId: string, extra: Record<string, unknown> = {}) => ({
  organizationId,
  recipientIdpUserId: 'idp-recipient',
  recipientRole: 'patient',
  type: 'lab_result',
  title: 'Results ready',
  message: 'Your lab results are ready',
  ...extra,
});

async function jobCount(t: TestApp, notificationId: string): Promise<number> {
  const rows = await t.database.db.selectFrom('notificationDeliveries').select('id').where('notificationId', '=', notificationId).execute();
  return rows.length;
}

describeEachDialect(
  'notifications CRUD',
  (t) => {
    const create = (data: Record<string, unknown>) => t().call('notifications', 'create', data);

    test('create stores every field, defaults channels to in_app + push and queues one push job', async () => {
      clock = NOW;
      const org = orgId();
      const data = ok(await create(base(org, { id: 'client-id', unknownField: 1, navigationParams: { labOrderId: 'L1' }, priority: 'high' })));
      assert.equal(data.created, true);
      const item = data.item;
      assert.notEqual(item.id, 'client-id');
      assert.equal('unknownField' in item, false);
      assert.deepEqual(
        Object.keys(item).sort(),
        [
          'actionUrl', 'channelDelivery', 'channels', 'createdAt', 'dedupeKey', 'deliveryError', 'deliveryState', 'expiresAt', 'id', 'isRead', 'message',
          'navigationParams', 'navigationTarget', 'openedAt', 'organizationId', 'priority', 'pushTicketIds', 'readAt', 'recipientIdpUserId',
          'recipientRole', 'relatedEntityId', 'relatedEntityType', 'title', 'type', 'updatedAt',
        ].sort(),
      );
      assert.deepEqual(item.channels, ['in_app', 'push']);
      assert.equal(item.channelDelivery, null, 'no sms or email channel');
      assert.equal(item.deliveryState, 'pending');
      assert.equal(item.deliveryError, NO_PROVIDER, 'no provider configured in this suite: the reason is given');
      assert.equal(item.isRead, false);
      assert.equal(item.readAt, null);
      assert.equal(item.relatedEntityType, null);
      assert.deepEqual(item.navigationParams, { labOrderId: 'L1' });
      assert.equal(item.priority, 'high');
      assert.equal(item.createdAt, NOW);
      assert.equal(await jobCount(t(), item.id), 1);
      assert.deepEqual(ok(await t().call('notifications', 'getById', { id: item.id, organizationId: org })).item, item);
    });

    test('in_app only: no push job, deliveryState null; an import with deliveryState sent is kept and not queued', async () => {
      const org = orgId();
      const inApp = ok(await create(base(org, { channels: ['in_app'] }))).item;
      assert.equal(inApp.deliveryState, null);
      assert.equal(await jobCount(t(), inApp.id), 0);
      const imported = ok(
        await create(base(org, { deliveryState: 'sent', pushTicketIds: ['t-1'], isRead: true, readAt: 5, openedAt: 6, createdAt: 4 })),
      ).item;
      assert.equal(imported.deliveryState, 'sent');
      assert.deepEqual(imported.pushTicketIds, ['t-1']);
      assert.equal(imported.isRead, true);
      assert.equal(imported.readAt, 5);
      assert.equal(imported.openedAt, 6);
      assert.equal(imported.createdAt, 4);
      assert.equal(await jobCount(t(), imported.id), 0);
      clock = NOW + 7;
      const readNow = ok(await create(base(org, { isRead: true }))).item;
      assert.equal(readNow.readAt, NOW + 7, 'isRead true without readAt is read now');
    });

    test('rules 1 and 2: module is an alias of relatedEntityType on create; when both are sent relatedEntityType wins', async () => {
      const org = orgId();
      assert.equal(ok(await create(base(org, { module: 'labOrders' }))).item.relatedEntityType, 'labOrders');
      assert.equal(ok(await create(base(org, { module: 'labOrders', relatedEntityType: 'appointments' }))).item.relatedEntityType, 'appointments');
      assert.equal(ok(await create(base(org, { relatedEntityType: 'admissions' }))).item.relatedEntityType, 'admissions');
      assert.equal(ok(await create(base(org, { module: 'labOrders', relatedEntityType: null }))).item.relatedEntityType, null);
    });

    test('rule 3: on update module maps to relatedEntityType only when relatedEntityType is not provided', async () => {
      const org = orgId();
      const { item } = ok(await create(base(org, { relatedEntityType: 'appointments' })));
      const call = async (data: Record<string, unknown>) => ok(await t().call('notifications', 'update', { id: item.id, organizationId: org, ...data })).item;
      assert.equal((await call({ module: 'labOrders' })).relatedEntityType, 'labOrders');
      assert.equal((await call({ module: 'beds', relatedEntityType: 'admissions' })).relatedEntityType, 'admissions');
      assert.equal((await call({ title: 'Changed' })).relatedEntityType, 'admissions', 'neither given: unchanged');
      assert.equal((await call({ module: null })).relatedEntityType, null, 'module null clears it');
    });

    test('create validates with a path per problem', async () => {
      const org = orgId();
      const error = failsWith(
        await create({
          organizationId: org,
          recipientIdpUserId: '',
          type: 'x',
          title: ' ',
          message: 'm',
          channels: 'push',
          deliveryState: 'delivered',
          expiresAt: -1,
          isRead: 'yes',
          navigationParams: [1],
        }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(
        error.details!.map((d) => d.path).sort(),
        ['channels', 'deliveryState', 'expiresAt', 'isRead', 'navigationParams', 'recipientIdpUserId', 'recipientRole', 'title'].sort(),
      );
      failsWith(await create({ ...base(org), organizationId: undefined }), 'VALIDATION_FAILED', 400);
    });

    test('dedupeKey: the same key again in the organization returns the stored notification and queues nothing', async () => {
      const org = orgId();
      const first = ok(await create(base(org, { dedupeKey: 'lab:L1:ready' })));
      const again = ok(await create(base(org, { dedupeKey: 'lab:L1:ready', title: 'Different title' })));
      assert.equal(again.created, false);
      assert.equal(again.item.id, first.item.id);
      assert.equal(again.item.title, 'Results ready');
      assert.equal(await jobCount(t(), first.item.id), 1);
      const listed = ok(await t().call('notifications', 'listByOrganization', { organizationId: org }));
      assert.equal(listed.total, 1);
      const elsewhere = ok(await create(base(orgId(), { dedupeKey: 'lab:L1:ready' })));
      assert.equal(elsewhere.created, true, 'keys are per organization');
      const noKey = [ok(await create(base(org))), ok(await create(base(org)))];
      assert.notEqual(noKey[0].item.id, noKey[1].item.id, 'notifications without a key never clash');
    });

    test('dedupeKey under concurrency: 20 simultaneous creates store one notification and one job', async () => {
      const org = orgId();
      const results = await Promise.all(Array.from({ length: 20 }, () => create(base(org, { dedupeKey: 'race' }))));
      const datas = results.map(ok);
      assert.equal(new Set(datas.map((d) => d.item.id)).size, 1);
      assert.equal(datas.filter((d) => d.created).length, 1);
      assert.equal(await jobCount(t(), datas[0].item.id), 1);
      assert.equal(ok(await t().call('notifications', 'listByOrganization', { organizationId: org })).total, 1);
    });

    test('notify() runs in the caller\'s transaction: a failing caller leaves neither notification nor job', async () => {
      const org = orgId();
      failsWith(await t().call('notifyProbe', 'run', { organizationId: org, recipientIdpUserId: 'p1', dedupeKey: 'k1', fail: true }), 'INVALID_STATE', 409);
      assert.equal(ok(await t().call('notifications', 'listByOrganization', { organizationId: org })).total, 0);
      const jobs = await t().database.db.selectFrom('notificationDeliveries').select('id').where('organizationId', '=', org).execute();
      assert.equal(jobs.length, 0);
      const done = ok(await t().call('notifyProbe', 'run', { organizationId: org, recipientIdpUserId: 'p1', dedupeKey: 'k1' }));
      assert.equal(done.created, true);
      assert.equal(done.item.relatedEntityType, 'appointments');
      assert.equal(await jobCount(t(), done.item.id), 1);
      const twice = ok(await t().call('notifyProbe', 'run', { organizationId: org, recipientIdpUserId: 'p1', dedupeKey: 'k1' }));
      assert.equal(twice.created, false);
      assert.equal(twice.item.id, done.item.id);
    });

    test('listByOrganization: newest first, 20 per page by default, only the organization\'s', async () => {
      const org = orgId();
      for (let i = 0; i < 21; i += 1) ok(await create(base(org, { createdAt: 1000 + i, title: `n${i}` })));
      ok(await create(base(orgId())));
      const page1 = ok(await t().call('notifications', 'listByOrganization', { organizationId: org }));
      assert.equal(page1.page, 1);
      assert.equal(page1.pageSize, 20);
      assert.equal(page1.total, 21);
      assert.equal(page1.totalPages, 2);
      assert.equal(page1.items.length, 20);
      assert.equal(page1.items[0].title, 'n20');
      assert.equal(page1.items[19].title, 'n1');
      const page2 = ok(await t().call('notifications', 'listByOrganization', { organizationId: org, page: 2 }));
      assert.deepEqual(page2.items.map((n: { title: string }) => n.title), ['n0']);
      assert.equal(ok(await t().call('notifications', 'listByOrganization', { organizationId: orgId() })).total, 0);
      const error = failsWith(await t().call('notifications', 'listByOrganization', { organizationId: org, page: 0, pageSize: 101 }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['page', 'pageSize']);
    });

    test('rule 4: module filters by relatedEntityType or type; omitted, all are listed', async () => {
      const org = orgId();
      ok(await create(base(org, { type: 'lab_result', relatedEntityType: 'labOrders', title: 'a' })));
      ok(await create(base(org, { type: 'labOrders', relatedEntityType: null, title: 'b' })));
      ok(await create(base(org, { type: 'appointment_reminder', module: 'appointments', title: 'c' })));
      const titles = async (data: Record<string, unknown>) =>
        ok(await t().call('notifications', 'listByOrganization', { organizationId: org, ...data })).items.map((n: { title: string }) => n.title).sort();
      assert.deepEqual(await titles({ module: 'labOrders' }), ['a', 'b']);
      assert.deepEqual(await titles({ module: 'appointments' }), ['c']);
      assert.deepEqual(await titles({ module: 'appointment_reminder' }), ['c']);
      assert.deepEqual(await titles({ module: 'beds' }), []);
      assert.deepEqual(await titles({}), ['a', 'b', 'c']);
    });

    test('listByOrganization: pages asked again or in turn start where remembered; a new or deleted notification moves the pages after it', async () => {
      const org = orgId();
      const made = [];
      for (let i = 0; i < 7; i += 1) made.push(ok(await create(base(org, { createdAt: 2000 + i, title: `n${i}` }))).item);
      const titles = async (...pages: number[]) => {
        const found = [];
        for (const page of pages) found.push(ok(await t().call('notifications', 'listByOrganization', { organizationId: org, page, pageSize: 3 })).items.map((n: { title: string }) => n.title));
        return found;
      };
      assert.deepEqual(await titles(1, 2, 3, 2, 3), [['n6', 'n5', 'n4'], ['n3', 'n2', 'n1'], ['n0'], ['n3', 'n2', 'n1'], ['n0']]);
      // Same createdAt as n4, a later id: newest first puts it before n4.
      ok(await create(base(org, { createdAt: 2004, title: 'n4b' })));
      assert.deepEqual(await titles(2, 3), [['n4', 'n3', 'n2'], ['n1', 'n0']]);
      ok(await t().call('notifications', 'delete', { id: made[5]!.id, organizationId: org }));
      assert.deepEqual(await titles(2, 1, 3), [['n3', 'n2', 'n1'], ['n6', 'n4b', 'n4'], ['n0']], 'n5 deleted: one less before page 2');
    });

    test('listByOrganization: total and every page agree with the filter (module, recipient, expiry, equal createdAt)', async () => {
      clock = NOW;
      const org = orgId();
      type Made = { id: string; createdAt: number; type: string; relatedEntityType: string | null; recipientIdpUserId: string; expiresAt: number | null };
      const made: Made[] = [];
      const types = ['labOrders', 'lab_result', 'appointment_reminder'];
      const related = ['labOrders', null, 'appointments'];
      const expiries = [null, NOW - 1, NOW, NOW + 60_000];
      for (let i = 0; i < 36; i += 1) {
        const data = base(org, {
          createdAt: 5000 + (i % 7), // many share a createdAt: the id breaks the tie
          type: types[i % 3],
          relatedEntityType: related[Math.floor(i / 3) % 3],
          recipientIdpUserId: i % 2 === 0 ? 'r1' : 'r2',
          expiresAt: expiries[Math.floor(i / 9) % 4],
        });
        made.push(ok(await create(data)).item as Made);
      }
      ok(await create(base(orgId(), { type: 'labOrders', relatedEntityType: 'labOrders' })));

      const filters: Record<string, string>[] = [
        {},
        { module: 'labOrders' },
        { module: 'appointments' },
        { module: 'lab_result' },
        { module: 'nothing' },
        { recipientIdpUserId: 'r1' },
        { recipientIdpUserId: 'r2', module: 'labOrders' },
      ];
      for (const filter of filters) {
        const expected = made
          .filter((n) => n.expiresAt === null || n.expiresAt > NOW)
          .filter((n) => !filter.module || n.type === filter.module || n.relatedEntityType === filter.module)
          .filter((n) => !filter.recipientIdpUserId || n.recipientIdpUserId === filter.recipientIdpUserId)
          .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
          .map((n) => n.id);
        const seen: string[] = [];
        const pages = Math.max(1, Math.ceil(expected.length / 4));
        for (let page = 1; page <= pages; page += 1) {
          const data = ok(await t().call('notifications', 'listByOrganization', { organizationId: org, ...filter, page, pageSize: 4 }));
          assert.equal(data.total, expected.length, `total of ${JSON.stringify(filter)}`);
          assert.equal(data.totalPages, Math.ceil(expected.length / 4));
          seen.push(...data.items.map((n: { id: string }) => n.id));
        }
        assert.deepEqual(seen, expected, `pages of ${JSON.stringify(filter)}`);
      }
      assert.ok(made.some((n) => n.type === 'labOrders' && n.relatedEntityType === 'labOrders'), 'a notification matching the module twice is counted once');
    });

    test('a notification past expiresAt is not listed (getById still finds it)', async () => {
      clock = NOW;
      const org = orgId();
      const lasting = ok(await create(base(org, { title: 'lasting', expiresAt: NOW + 60_000 }))).item;
      ok(await create(base(org, { title: 'forever' })));
      assert.equal(ok(await t().call('notifications', 'listByOrganization', { organizationId: org })).total, 2);
      clock = NOW + 60_000;
      const listed = ok(await t().call('notifications', 'listByOrganization', { organizationId: org }));
      assert.deepEqual(listed.items.map((n: { title: string }) => n.title), ['forever']);
      assert.equal(listed.total, 1);
      assert.equal(ok(await t().call('notifications', 'getById', { id: lasting.id, organizationId: org })).item.title, 'lasting');
      clock = NOW;
    });

    test('update marks read (readAt now when not given, kept when read before), unread clears readAt, opened marks read', async () => {
      const org = orgId();
      const { item } = ok(await create(base(org)));
      const update = async (data: Record<string, unknown>) => ok(await t().call('notifications', 'update', { id: item.id, organizationId: org, ...data })).item;
      clock = NOW + 1000;
      const read = await update({ isRead: true });
      assert.equal(read.isRead, true);
      assert.equal(read.readAt, NOW + 1000);
      clock = NOW + 2000;
      assert.equal((await update({ isRead: true })).readAt, NOW + 1000, 'already read: readAt kept');
      assert.equal((await update({ isRead: true, readAt: 42 })).readAt, 42);
      const unread = await update({ isRead: false });
      assert.equal(unread.isRead, false);
      assert.equal(unread.readAt, null);
      const opened = await update({ openedAt: NOW + 3000 });
      assert.equal(opened.openedAt, NOW + 3000);
      assert.equal(opened.isRead, true);
      assert.equal(opened.readAt, NOW + 3000);
      assert.equal(opened.title, 'Results ready', 'omitted fields unchanged');
      assert.equal(opened.updatedAt, NOW + 2000);
      clock = NOW;
    });

    test('update validates, cannot clear a required field, and another organization gets NOT_FOUND', async () => {
      const org = orgId();
      const { item } = ok(await create(base(org)));
      const error = failsWith(
        await t().call('notifications', 'update', { id: item.id, organizationId: org, title: null, isRead: null, deliveryState: 'x', readAt: 1.5 }),
        'VALIDATION_FAILED',
        400,
      );
      assert.deepEqual(error.details!.map((d) => d.path).sort(), ['deliveryState', 'isRead', 'readAt', 'title']);
      failsWith(await t().call('notifications', 'update', { id: item.id, organizationId: orgId(), isRead: true }), 'NOT_FOUND', 404);
      failsWith(await t().call('notifications', 'update', { id: newId(), organizationId: org, isRead: true }), 'NOT_FOUND', 404);
      assert.equal(ok(await t().call('notifications', 'getById', { id: item.id, organizationId: org })).item.isRead, false);
    });

    test('getById: another organization gets NOT_FOUND; bad input is VALIDATION_FAILED', async () => {
      const org = orgId();
      const { item } = ok(await create(base(org)));
      failsWith(await t().call('notifications', 'getById', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
      const error = failsWith(await t().call('notifications', 'getById', { id: '', organizationId: org }), 'VALIDATION_FAILED', 400);
      assert.deepEqual(error.details!.map((d) => d.path), ['id']);
    });

    test('delete removes the notification and its push job; another organization gets NOT_FOUND', async () => {
      const org = orgId();
      const { item } = ok(await create(base(org)));
      failsWith(await t().call('notifications', 'delete', { id: item.id, organizationId: orgId() }), 'NOT_FOUND', 404);
      assert.equal(await jobCount(t(), item.id), 1);
      assert.deepEqual(ok(await t().call('notifications', 'delete', { id: item.id, organizationId: org })), { id: item.id, deleted: true });
      assert.equal(await jobCount(t(), item.id), 0);
      failsWith(await t().call('notifications', 'getById', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
      failsWith(await t().call('notifications', 'delete', { id: item.id, organizationId: org }), 'NOT_FOUND', 404);
      failsWith(await t().call('notifications', 'delete', { id: item.id }), 'VALIDATION_FAILED', 400);
    });

    test('a member of another organization is FORBIDDEN; a member of the organization works', async () => {
      const org = orgId();
      const own = await signIn(t(), { organizationId: org, roles: ['doctor'] });
      const other = await signIn(t(), { organizationId: orgId(), roles: ['doctor'] });
      failsWith(await t().call('notifications', 'create', base(org), { token: other.token }), 'FORBIDDEN', 403);
      failsWith(await t().call('notifications', 'listByOrganization', { organizationId: org }, { token: other.token }), 'FORBIDDEN', 403);
      ok(await t().call('notifications', 'create', base(org, { recipientIdpUserId: own.idpUserId }), { token: own.token }));
    });
  },
  { services: { now: () => clock }, extraOperations: [notifyThenMaybeFail] },
);
