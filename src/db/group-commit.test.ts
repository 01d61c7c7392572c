import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/** Reads the file as another connection would after a crash: only what was committed. */
function committedCount(path: string, organizationId: string): number {
  const other = new DatabaseSync(path, { readOnly: true });
  try {
    const row = other.prepare('select count(*) as n from "tokenCounters" where "organizationId" = ?').get(organizationId) as { n: number };
    return row.n;
  } finally {
    other.close();
  }
}

describe('SQLite group commit', () => {
  let dir: string;
  let path: string;
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'healthops-gc-'));
    path = join(dir, 'gc.db');
    database = openDatabase(`sqlite:${path}`);
    await migrateToLatest(database.db);
    await database.durable();
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database });
  });
  after(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const create = (organizationId: string, prefix: string) =>
    app.inject({
      method: 'POST',
      url: '/api',
      payload: { namespace: 'tokenCounters', apiName: 'create', data: { organizationId, date: '2026-01-01', prefix, lastSequence: 0 } },
    });

  test('every acknowledged write is committed to the file when its answer is sent', async () => {
    const org = 'org-durable';
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await create(org, `P${i}`);
        // At the moment this answer arrives, its row must already be readable by another connection.
        assert.equal(res.statusCode, 200);
        return committedCount(path, org);
      }),
    );
    assert.ok(answers.every((n) => n >= 1));
    assert.equal(committedCount(path, org), 40);
  });

  test('a failing transaction in a batch leaves the others committed and itself nowhere', async () => {
    const org = 'org-mixed';
    const results = await Promise.all([create(org, 'A'), create(org, 'A'), create(org, 'B'), create(org, 'C')]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 200, 200, 409]);
    assert.equal(committedCount(path, org), 3);
    const audit = await database.db.selectFrom('auditLog').select('recordId').where('organizationId', '=', org).execute();
    assert.equal(audit.length, 3);
  });

  test('concurrent transactions share commits: fewer commits than transactions', async () => {
    const org = 'org-batched';
    const before = database.commitStats!();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => create(org, `Q${i}`)));
    assert.ok(results.every((r) => r.statusCode === 200));
    const after = database.commitStats!();
    assert.equal(after.transactions - before.transactions, 50);
    assert.ok(after.commits - before.commits < 50, `${after.commits - before.commits} commits for 50 transactions`);
    assert.equal(committedCount(path, org), 50);
  });
});
