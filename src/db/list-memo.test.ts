import { everyone } from '../operations/audience.ts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompiledQuery, sql } from 'kysely';
import { z } from 'zod';
import { orgId } from '../../test/builders.ts';
import { describeEachDialect, ok } from '../../test/harness.ts';
import { AppError } from '../values/errors.ts';
import { defineOperation } from '../operations/operation.ts';
import { newId } from '../values/ids.ts';
import { LIST_MEMO_TTL_MS, ListMemo, countOf } from './list-memo.ts';
import type { Db } from './database.ts';
import { WriteVersions, writtenTables } from './write-tracking.ts';

// Inserts a supplier, then fails: the dispatcher's transaction takes the row back.
const insertThenFail = defineOperation({
  namespace: 'testing',
  name: 'insertSupplierThenFail',
  audience: everyone,
  summary: 'test only',
  writes: true,
  input: z.object({ organizationId: z.string() }),
  async handler(ctx, input) {
    await ctx.db.insertInto('suppliers').values(supplierRow(input.organizationId)).execute();
    throw new AppError('INVALID_STATE', 'changed my mind');
  },
});

// Inserts a supplier, tells the test, and commits a little later.
let inserted: () => void = () => {};
const insertSlowly = defineOperation({
  namespace: 'testing',
  name: 'insertSupplierSlowly',
  audience: everyone,
  summary: 'test only',
  writes: true,
  input: z.object({ organizationId: z.string() }),
  async handler(ctx, input) {
    await ctx.db.insertInto('suppliers').values(supplierRow(input.organizationId)).execute();
    inserted();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { ok: true };
  },
});

function supplierRow(organizationId: string) {
  const now = Date.now();
  return { id: newId(), organizationId, name: 'Acme', isActive: true, createdAt: now, updatedAt: now };
}

const countSuppliers = (db: Db, organizationId: string) =>
  db
    .selectFrom('suppliers')
    .where('organizationId', '=', organizationId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'));

describeEachDialect(
  'remembered counts and page starts of paged lists',
  (t) => {
    const total = async (organizationId: string) => ok(await t().call('suppliers', 'list', { organizationId })).total as number;

    test("a list's total follows every write of this process: create, update, delete, a rolled-back write, raw SQL", async () => {
      const org = orgId();
      assert.equal(await total(org), 0);
      assert.equal(await total(org), 0, 'remembered');
      const { item } = ok(await t().call('suppliers', 'create', { organizationId: org, name: 'Acme' }));
      assert.equal(await total(org), 1);
      ok(await t().call('suppliers', 'create', { organizationId: org, name: 'Beta' }));
      assert.equal(await total(org), 2);

      const failed = await t().call('testing', 'insertSupplierThenFail', { organizationId: org });
      assert.equal(failed.body.error.code, 'INVALID_STATE');
      assert.equal(await total(org), 2, 'the rolled-back row is not counted');

      await sql`insert into ${sql.table('suppliers')} (${sql.join(['id', 'organizationId', 'name', 'isActive', 'createdAt', 'updatedAt'].map((c) => sql.ref(c)))})
        values (${newId()}, ${org}, ${'Raw'}, ${true}, ${Date.now()}, ${Date.now()})`.execute(t().database.db);
      assert.equal(await total(org), 3, 'a raw insert changes every remembered count');

      ok(await t().call('suppliers', 'delete', { id: item.id, organizationId: org }));
      assert.equal(await total(org), 2);
      const named = async (search: string) => ok(await t().call('suppliers', 'list', { organizationId: org, search })).total as number;
      assert.equal(await named('Gamma'), 0);
      const [beta] = ok(await t().call('suppliers', 'list', { organizationId: org, search: 'Beta' })).items;
      ok(await t().call('suppliers', 'update', { id: beta.id, organizationId: org, name: 'Gamma' }));
      assert.equal(await named('Gamma'), 1, 'an update changes what a filter counts');
    });

    test('a count taken while a write is not yet committed is not reused after the commit', async () => {
      const org = orgId();
      assert.equal(await total(org), 0);
      const wasInserted = new Promise<void>((resolve) => (inserted = resolve));
      const writing = t().call('testing', 'insertSupplierSlowly', { organizationId: org });
      await wasInserted;
      // PostgreSQL answers at once from another connection (0: not committed); SQLite waits for the commit.
      const mid = await total(org); console.log('MID', t().dialect, mid); assert.ok([0, 1].includes(mid));
      ok(await writing);
      assert.equal(await total(org), 1);
    });

    test('inside a transaction a count sees its own writes and is not remembered', async () => {
      const db = t().database.db;
      const org = orgId();
      assert.equal(await countOf(db, ['suppliers'], countSuppliers(db, org)), 0);
      await db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('suppliers').values(supplierRow(org)).execute();
          assert.equal(await countOf(trx, ['suppliers'], countSuppliers(trx, org)), 1);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      assert.equal(await countOf(db, ['suppliers'], countSuppliers(db, org)), 0);
    });

    test('writtenTables names the table of every kind of write Kysely builds', () => {
      const db = t().database.db;
      assert.deepEqual(writtenTables(db.insertInto('suppliers').values(supplierRow('o')).compile()), ['suppliers']);
      assert.deepEqual(writtenTables(db.updateTable('users as u').set({ title: 'x' }).where('u.id', '=', 'x').compile()), ['users']);
      assert.deepEqual(writtenTables(db.deleteFrom('calorieLogs').where('id', '=', 'x').compile()), ['calorieLogs', 'calorieLogItems']);
      assert.deepEqual(writtenTables(db.selectFrom('users').selectAll().compile()), []);
    });

    test('a write this process did not make (another process) is counted at most LIST_MEMO_TTL_MS later', async () => {
      const db = t().database.db;
      const org = orgId();
      let now = 0;
      // A cache that does not see this handle's writes stands for another process's.
      const elsewhere = new ListMemo(new WriteVersions(), () => now);
      assert.equal(await elsewhere.count(['suppliers'], countSuppliers(db, org)), 0);
      await db.insertInto('suppliers').values(supplierRow(org)).execute();
      now += LIST_MEMO_TTL_MS - 1;
      assert.equal(await elsewhere.count(['suppliers'], countSuppliers(db, org)), 0, 'not yet seen');
      now += 1;
      assert.equal(await elsewhere.count(['suppliers'], countSuppliers(db, org)), 1);

      elsewhere.pages(['suppliers'], 'list').remember(2, ['b', 'id-2']);
      assert.deepEqual(elsewhere.pages(['suppliers'], 'list').startOf(2), ['b', 'id-2']);
      assert.equal(elsewhere.pages(['suppliers'], 'other list').startOf(2), undefined);
      now += LIST_MEMO_TTL_MS;
      assert.equal(elsewhere.pages(['suppliers'], 'list').startOf(2), undefined, 'a page start is forgotten after the same time');
    });

    test('a write to a table forgets the page starts of its lists, not those of other tables', () => {
      const versions = new WriteVersions();
      const memo = new ListMemo(versions);
      memo.pages(['appointments'], 'a').remember(3, [1, 'x']);
      memo.pages(['notifications'], 'n').remember(3, [2, 'y']);
      versions.bump('appointments');
      assert.equal(memo.pages(['appointments'], 'a').startOf(3), undefined);
      assert.deepEqual(memo.pages(['notifications'], 'n').startOf(3), [2, 'y']);
    });
  },
  { extraOperations: [insertThenFail, insertSlowly] },
);

test('writtenTables names the table a statement writes, and null for raw SQL that writes', () => {
  const versions = new WriteVersions();
  const before = versions.signature(['suppliers', 'users']);
  versions.bump('users');
  assert.notEqual(versions.signature(['suppliers', 'users']), before);
  const suppliersOnly = versions.signature(['suppliers']);
  versions.bump('users');
  assert.equal(versions.signature(['suppliers']), suppliersOnly, 'another table does not matter');
  versions.bumpAll();
  assert.notEqual(versions.signature(['suppliers']), suppliersOnly);

  assert.deepEqual(writtenTables(CompiledQuery.raw('select 1')), []);
  assert.equal(writtenTables(CompiledQuery.raw('UPDATE "users" SET x = 1')), null);
  assert.equal(writtenTables(CompiledQuery.raw(' with x as (delete from users) select 1')), null);
});
