import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from './database.ts';

/** The temporary files this process holds open (SQLite unlinks its own as soon as it opens them). */
const openTemporaryFiles = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).includes('etilqs_');
    } catch {
      return false;
    }
  }).length;

test('a group-committed transaction keeps its savepoint journal in memory, not in a temporary file', { skip: process.platform !== 'linux' && 'reads /proc/self/fd' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'healthops-temp-'));
  const database = openDatabase(`sqlite:${join(dir, 't.db')}`);
  try {
    await sql`create table "pages" ("id" integer primary key, "body" text not null)`.execute(database.db);
    await sql`with recursive "n"("id") as (select 1 union all select "id" + 1 from "n" where "id" < 100) insert into "pages" select "id", hex(zeroblob(1500)) from "n"`.execute(database.db);
    await database.durable();
    // 100 pages that existed before it, changed in one savepoint: 400 KB of journal, past SQLite's 64 KiB spill.
    await database.db.transaction().execute((trx) => sql`update "pages" set "body" = ${'b'.repeat(3000)}`.execute(trx));
    // The batch is still open here (committed at the next turn of the event loop).
    assert.equal(openTemporaryFiles(), 0);
    await database.durable();
    const { rows } = await sql<{ n: number }>`select count(*) as "n" from "pages" where "body" like 'b%'`.execute(database.db);
    assert.equal(rows[0]!.n, 100);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
