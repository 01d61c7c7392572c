import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { InsertQueryNode, ValuesNode, type KyselyPlugin } from 'kysely';
import { orgId, signIn } from '../../test/builders.ts';
import { createTestApp, describeEachDialect, dialects, ok } from '../../test/harness.ts';
import { migratedPostgresDatabase } from '../../test/pg-template.ts';
import { openDatabase, type DatabaseHandle, type Dialect } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { parseJsonArray } from '../values/record.ts';
import { isPatient, itemReads } from '../operations/reads.ts';
import { ReadLog, type ReadContext, type ReadOperation } from './read-log.ts';

let clock = 1_850_000_000_000;

describeEachDialect(
  'the read log of patient data',
  (t) => {
    const readsOf = (organizationId: string) =>
      t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', organizationId).orderBy('at').execute();

    test('one entry per read of patient data by a caller with a token, with the records and patients read', async () => {
      const org = orgId();
      const reader = await signIn(t(), { organizationId: org, roles: ['receptionist'] });
      const create = async (name: string) => ok(await t().call('patients', 'create', { organizationId: org, name }, { token: reader.token })).item;
      const [ana, ben] = [await create('Ana'), await create('Ben')];

      clock += 1000;
      ok(await t().call('patients', 'getById', { id: ana.id, organizationId: org }, { token: reader.token, ip: '127.0.0.31' }));
      clock += 1000;
      ok(await t().call('patients', 'listByOrganization', { organizationId: org }, { token: reader.token }));
      // Not logged: no token; a failed read; an operation that answers no patient data; writes.
      ok(await t().call('patients', 'getById', { id: ana.id, organizationId: org }));
      await t().call('patients', 'getById', { id: 'missing', organizationId: org }, { token: reader.token });
      ok(await t().call('wards', 'listByOrganization', { organizationId: org }, { token: reader.token }));
      await t().app.readLog.flush();

      const reads = await readsOf(org);
      assert.equal(reads.length, 2);
      const [byId, list] = reads;
      assert.equal(byId!.operation, 'patients.getById');
      assert.equal(byId!.actorIdpUserId, reader.idpUserId);
      assert.equal(byId!.at, clock - 1000);
      assert.equal(byId!.ip, '127.0.0.31');
      assert.equal(typeof byId!.requestId, 'string');
      assert.deepEqual(parseJsonArray(byId!.recordIds), [ana.id]);
      assert.deepEqual(parseJsonArray(byId!.patientIds), [ana.id]);
      assert.equal(list!.operation, 'patients.listByOrganization');
      assert.deepEqual(parseJsonArray(list!.recordIds).sort(), [ana.id, ben.id].sort());
      assert.deepEqual(parseJsonArray(list!.patientIds).sort(), [ana.id, ben.id].sort());

      const index = await t().database.db.selectFrom('patientDataReadPatients').selectAll().where('organizationId', '=', org).execute();
      assert.deepEqual(index.map((r) => `${r.readId}:${r.patientId}`).sort(), [`${byId!.id}:${ana.id}`, `${list!.id}:${ana.id}`, `${list!.id}:${ben.id}`].sort());
    });

    test('the database refuses to change or remove read log rows', async () => {
      const org = orgId();
      const reader = await signIn(t(), { organizationId: org, roles: ['receptionist'] });
      ok(await t().call('patients', 'listByOrganization', { organizationId: org }, { token: reader.token }));
      await t().app.readLog.flush();
      const db = t().database.db;
      await assert.rejects(db.updateTable('patientDataReads').set({ actorIdpUserId: 'forged' }).where('organizationId', '=', org).execute(), /append-only/);
      await assert.rejects(db.deleteFrom('patientDataReads').where('organizationId', '=', org).execute(), /append-only/);
      await assert.rejects(db.deleteFrom('patientDataReadPatients').execute(), /append-only/);
      assert.equal((await readsOf(org)).length, 1);
    });
  },
  { services: { now: () => clock } },
);

/** A database that outlives the apps opened on it: a SQLite file, or a PostgreSQL database. */
async function lastingDatabase(dialect: Dialect): Promise<{ open(): Promise<DatabaseHandle>; dispose(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), 'healthops-readlog-'));
    return {
      async open() {
        const database = openDatabase(`sqlite:${join(dir, 'healthops.db')}`);
        await migrateToLatest(database.db);
        return database;
      },
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const fresh = await migratedPostgresDatabase();
  return {
    open: () => Promise.resolve(openDatabase(fresh.url)),
    dispose: fresh.drop,
  };
}

for (const dialect of dialects) {
  void describe(`the read log across a restart [${dialect}]`, () => {
    test('closing the app writes what is queued; a new app on the same database lists it', async () => {
      const store = await lastingDatabase(dialect);
      try {
        const org = orgId();
        const first = await store.open();
        const before = await createTestApp(dialect, { database: first });
        const reader = await signIn(before, { organizationId: org, roles: ['receptionist'] });
        const admin = await signIn(before, { organizationId: org, roles: ['admin'] });
        const patient = ok(await before.call('patients', 'create', { organizationId: org, name: 'Dee' }, { token: reader.token })).item;
        ok(await before.call('patients', 'getById', { id: patient.id, organizationId: org }, { token: reader.token }));
        await before.close();
        const written = await first.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', org).execute();
        assert.deepEqual(written.map((r) => r.operation), ['patients.getById']);
        await first.close();

        const after = await createTestApp(dialect, { database: await store.open() });
        try {
          const page = ok(await after.call('audit', 'listReads', { organizationId: org }, { token: admin.token }));
          assert.equal(page.total, 1);
          assert.equal(page.items[0].actorIdpUserId, reader.idpUserId);
          assert.deepEqual(page.items[0].patientIds, [patient.id]);
        } finally {
          await after.close();
          await after.database.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });
}

describe('a failed batch', () => {
  const op: ReadOperation = { namespace: 'patients', name: 'getById', reads: itemReads(isPatient) };
  const ignored = { error: () => undefined };
  const ctx = (idpUserId: string): ReadContext => ({
    caller: { kind: 'user', idpUserId, memberships: [], roles: new Set(), isPlatformAdmin: false, tokenVersion: 0 },
    organizationId: 'org_x', requestId: 'r', ip: '127.0.0.1', now: () => 1, log: ignored,
  });

  /** A SQLite database whose first `failures` transactions fail, and a log that keeps its errors. */
  async function failing(failures: number) {
    const database = openDatabase('sqlite::memory:');
    await migrateToLatest(database.db);
    const errors: unknown[] = [];
    const log = { error: (obj: unknown) => errors.push(obj) };
    const db = new Proxy(database.db, {
      get(target, prop) {
        if (prop === 'transaction' && failures-- > 0) return () => ({ execute: () => Promise.reject(new Error('disk full')) });
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { database, errors, readLog: new ReadLog({ ...database, db }, log, { intervalMs: 60_000 }) };
  }
  const rows = (database: DatabaseHandle) => database.db.selectFrom('patientDataReads').select('actorIdpUserId').execute();

  test('is logged and written with the next batch', async () => {
    const { database, errors, readLog } = await failing(1);
    readLog.recordRead(op, ctx('first'), { item: { id: 'p1' } });
    await readLog.flush();
    assert.equal(errors.length, 1);
    assert.deepEqual(await rows(database), []);
    readLog.recordRead(op, ctx('second'), { item: { id: 'p2' } });
    await readLog.close();
    assert.deepEqual((await rows(database)).map((r) => r.actorIdpUserId).sort(), ['first', 'second']);
    await database.close();
  });

  test('a reads mapping that does not fit its answer fails neither the read nor the batch: logged, with no records', async () => {
    const { database, errors, readLog } = await failing(0);
    const misfit: ReadOperation = { ...op, reads: { records: () => { throw new Error('no item'); } } };
    const errorsOfRequest: unknown[] = [];
    const requestCtx: ReadContext = { ...ctx('reader'), log: { error: (obj: unknown) => errorsOfRequest.push(obj) } };
    readLog.recordRead(misfit, requestCtx, { unexpected: true });
    await readLog.close();
    assert.equal(errorsOfRequest.length, 1);
    assert.deepEqual(errors, []);
    const written = await database.db.selectFrom('patientDataReads').select(['actorIdpUserId', 'recordIds']).execute();
    assert.deepEqual(written.map((r) => [r.actorIdpUserId, r.recordIds]), [['reader', '[]']]);
    await database.close();
  });

  test('that fails again is dropped into the application log, and nothing throws', async () => {
    const { database, errors, readLog } = await failing(2);
    readLog.recordRead(op, ctx('unlucky'), { item: { id: 'p1' } });
    await readLog.close();
    assert.deepEqual(await rows(database), []);
    assert.equal(errors.length, 2);
    const dropped = (errors[1] as { entries: { actorIdpUserId: string; recordIds: string }[] }).entries;
    assert.deepEqual(dropped.map((e) => [e.actorIdpUserId, e.recordIds]), [['unlucky', '["p1"]']]);
    await database.close();
  });
});

describe('batches of every size', () => {
  test('are written with INSERTs of a few fixed row counts (powers of two up to 512), so that their statements are prepared once', async () => {
    const database = openDatabase('sqlite::memory:');
    await migrateToLatest(database.db);
    const rowsPerInsert: number[] = [];
    const counting: KyselyPlugin = {
      transformQuery({ node }) {
        if (InsertQueryNode.is(node) && node.values && ValuesNode.is(node.values)) rowsPerInsert.push(node.values.values.length);
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    };
    const readLog = new ReadLog({ ...database, db: database.db.withPlugin(counting) }, { error: () => undefined }, { intervalMs: 60_000, batchSize: 1_000 });
    const op: ReadOperation = { namespace: 'patients', name: 'listByOrganization', reads: itemReads(isPatient) };
    const ctx: ReadContext = {
      caller: { kind: 'user', idpUserId: 'reader', memberships: [], roles: new Set(), isPlatformAdmin: false, tokenVersion: 0 },
      organizationId: 'org_x', requestId: 'r', ip: '127.0.0.1', now: () => 1, log: { error: () => undefined },
    };
    try {
      for (const reads of [3, 37, 300, 999]) {
        for (let i = 0; i < reads; i++) readLog.recordRead(op, ctx, { item: { id: `p${i}` } });
        await readLog.flush();
      }
      const written = await database.db.selectFrom('patientDataReads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      assert.equal(Number(written.n), 3 + 37 + 300 + 999);
      assert.equal(rowsPerInsert.reduce((a, b) => a + b, 0), 2 * (3 + 37 + 300 + 999), 'a read row and a patient row each');
      assert.ok(rowsPerInsert.every((n) => n <= 512 && (n & (n - 1)) === 0), `row counts: ${[...new Set(rowsPerInsert)].join(', ')}`);
    } finally {
      await database.close();
    }
  });
});
