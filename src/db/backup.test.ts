import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { api, ROOT, scratchDir, startService } from '../../test/service-process.ts';

const run = promisify(execFile);

test('backup under write load holds every write acknowledged before it began; restore brings it back', async () => {
  const dir = scratchDir();
  const file = join(dir, 'h.db');
  const env = { DATABASE_URL: `sqlite:${file}` };
  const service = startService(env);
  let restored: ReturnType<typeof startService> | undefined;
  const { base } = await service.started;
  const admin = (...args: string[]) => run(process.execPath, ['src/admin.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  try {
    const { accessToken } = (await api(base, 'auth', 'signUp', { email: 'backup@example.com', password: 'a good password' })).body.data;
    const organizationId = (await api(base, 'organizations', 'create', { name: 'Backup Clinic', slug: 'backup-clinic', type: 'clinic' }, accessToken)).body.data.item.id as string;
    const acknowledged: { id: string; at: number }[] = [];
    let writing = true;
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        const answer = await api(base, 'patients', 'create', { organizationId, name: `W${n} P${i}` }, accessToken);
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        acknowledged.push({ id: answer.body.data.item.id, at: performance.now() });
      }
    };
    const writers = [1, 2, 3].map(writer);
    // Counts, not a time: the machine may be slow, the backup still has to meet writes in flight.
    const counted = async (n: number) => {
      while (acknowledged.length < n) await new Promise((done) => setTimeout(done, 10));
    };
    // a writer that fails ends the wait with its error
    const written = (n: number) => Promise.race([counted(n), Promise.all(writers)]);
    await written(21);
    const target = join(dir, 'copy.db');
    const began = performance.now();
    const before = acknowledged.filter((a) => a.at < began).map((a) => a.id);
    const { stdout } = await admin('backup', target);
    const afterBackup = acknowledged.length;
    await written(afterBackup + 5);
    writing = false;
    await Promise.all(writers);
    assert.match(stdout, new RegExp(`^backed up .*h\\.db to .*copy\\.db: \\d+ bytes in \\d+ ms`));
    assert.ok(before.length > 20, `writes before the backup: ${before.length}`);
    assert.ok(acknowledged.length > afterBackup, 'writes went on during and after the backup');

    const copy = new DatabaseSync(target, { readOnly: true });
    assert.equal((copy.prepare('pragma integrity_check').get() as { integrity_check: string }).integrity_check, 'ok');
    const inCopy = new Set((copy.prepare('select id from patients').all() as { id: string }[]).map((r) => r.id));
    copy.close();
    const missing = before.filter((id) => !inCopy.has(id));
    assert.deepEqual(missing, [], 'every write acknowledged before the backup began is in it');

    await assert.rejects(admin('backup', target), (e: { code: number; stderr: string }) => e.code === 2 && /exists already/.test(e.stderr));
    await assert.rejects(admin('restore', target), (e: { code: number; stderr: string }) => e.code === 2 && /may still be running/.test(e.stderr), 'refused while the service runs');
    assert.equal(await service.stop(), 0);

    // Restore the copy in place of the database (now holding more rows) and serve it.
    await admin('restore', target);
    restored = startService(env);
    const again = (await restored.started).base;
    const total = (await api(again, 'patients', 'listByOrganization', { organizationId, page: 1, pageSize: 1 }, accessToken)).body.data.total as number;
    assert.equal(total, inCopy.size, 'the service serves the backup\'s patients, no more');
    assert.equal(await restored.stop(), 0);
  } finally {
    service.child.kill('SIGKILL');
    restored?.child.kill('SIGKILL');
  }
});

test('backup refuses PostgreSQL and restore refuses a file that is not a database', async () => {
  const dir = scratchDir();
  const env = (url: string) => ({ ...process.env, DATABASE_URL: url });
  await assert.rejects(
    run(process.execPath, ['src/admin.ts', 'backup', join(dir, 'x.db')], { cwd: ROOT, env: env('postgres://u@127.0.0.1:1/x') }),
    (e: { code: number; stderr: string }) => e.code === 2 && /for PostgreSQL use pg_dump/.test(e.stderr),
  );
  const junk = join(dir, 'junk.db');
  writeFileSync(junk, 'not a database at all, just text');
  const target = join(dir, 'h.db');
  await assert.rejects(
    run(process.execPath, ['src/admin.ts', 'restore', junk], { cwd: ROOT, env: env(`sqlite:${target}`) }),
    (e: { code: number; stderr: string }) => e.code === 2 && /not a readable SQLite database/.test(e.stderr),
  );
  assert.equal(existsSync(target), false, 'nothing was put in place');
});
