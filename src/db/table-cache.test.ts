import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { dialects } from '../../test/harness.ts';
import { twoProcesses } from '../../test/two-processes.ts';
import type { DatabaseHandle, Db } from './database.ts';
import { cachedRead } from './table-cache.ts';

/** A request comes in a later turn of the event loop than the one before it (SQLite reads data_version once per turn). */
const nextRequest = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Until a database can tell about other processes' changes nothing is remembered (PostgreSQL: its
 * listening connection comes up in the background, later than the first queries on a loaded machine).
 */
async function hearing(database: DatabaseHandle): Promise<void> {
  for (let waited = 0; database.externalVersion(['organizations']) === undefined; waited += 20) {
    if (waited > 10_000) throw new Error('the change listener did not come up within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const dialect of dialects) {
  void describe(`reads remembered until their table changes [${dialect}]`, () => {
    let processes: Awaited<ReturnType<typeof twoProcesses>>;
    let loads = 0;
    const zoneOf = (db: Db, id: string) =>
      cachedRead(db, ['organizations'], `zone:${id}`, async () => {
        loads += 1;
        return (await db.selectFrom('organizations').select('timezone').where('id', '=', id).executeTakeFirstOrThrow()).timezone;
      });
    const setZone = async (db: Db, id: string, timezone: string) => {
      await db.updateTable('organizations').set({ timezone }).where('id', '=', id).execute();
    };

    before(async () => {
      processes = await twoProcesses(dialect);
      const now = Date.now();
      for (const id of ['org-a', 'org-b', 'org-c']) {
        await processes.service.db.insertInto('organizations').values({ id, name: id, timezone: 'UTC', isActive: true, createdAt: now, updatedAt: now }).execute();
      }
      await processes.service.durable();
      await hearing(processes.service);
      await hearing(processes.elsewhere);
      // The set-up's own announcements (PostgreSQL) arrive before the first test reads.
      await processes.service.externalBarrier();
    });
    after(async () => {
      await processes.elsewhere.close();
      await processes.service.close();
      await processes.cleanUp();
    });

    test('read once, then remembered; a write of this process to the table makes the next read load again', async () => {
      const { db } = processes.service;
      loads = 0;
      assert.equal(await zoneOf(db, 'org-a'), 'UTC');
      assert.equal(await zoneOf(db, 'org-a'), 'UTC');
      assert.equal(loads, 1);
      await setZone(db, 'org-a', 'Asia/Kolkata');
      assert.equal(await zoneOf(db, 'org-a'), 'Asia/Kolkata');
      assert.equal(loads, 2);
    });

    test("another process's change counts at the very next read, without waiting for its announcement", async () => {
      const { service, elsewhere } = processes;
      for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo']) {
        assert.notEqual(await zoneOf(service.db, 'org-b'), zone);
        await setZone(elsewhere.db, 'org-b', zone);
        await elsewhere.durable();
        await nextRequest();
        assert.equal(await zoneOf(service.db, 'org-b'), zone);
      }
    });

    test('a transaction reads its own change through the cache, and after its rollback nobody sees it', async () => {
      const { db } = processes.service;
      assert.equal(await zoneOf(db, 'org-c'), 'UTC');
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await setZone(trx, 'org-c', 'Africa/Nairobi');
          assert.equal(await zoneOf(trx, 'org-c'), 'Africa/Nairobi');
          throw new Error('roll back');
        }),
        /roll back/,
      );
      assert.equal(await zoneOf(db, 'org-c'), 'UTC');
    });

    test('every transaction on the database reads through the cache; a database of its own does not share it', async () => {
      await zoneOf(processes.service.db, 'org-a');
      loads = 0;
      await processes.service.db.transaction().execute(async (trx) => {
        await zoneOf(trx, 'org-a');
        await zoneOf(trx, 'org-a');
      });
      assert.equal(await zoneOf(processes.service.db, 'org-a'), 'Asia/Kolkata');
      assert.equal(loads, 0, 'remembered outside, read through by the transaction');
      await zoneOf(processes.elsewhere.db, 'org-a');
      assert.equal(loads, 1, 'another handle keeps its own');
    });
  });
}
