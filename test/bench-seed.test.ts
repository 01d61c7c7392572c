import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ensureSeeded, readMeta } from '../bench/seed.ts';

// The benchmark's seed writes rows shaped by hand; a column added to a table without the seed
// following makes `npm run bench` fail. Seeding a tiny database here keeps the two in step.
const dir = mkdtempSync(join(tmpdir(), 'healthops-seed-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('the benchmark seed matches the schema (a tiny SQLite seed completes)', async () => {
  const path = join(dir, 'bench.db');
  const target = { kind: 'sqlite' as const, path, serviceUrl: `sqlite:${path}` };
  const { meta, seeded } = await ensureSeeded(target, { reseed: true, scale: 0.001 });
  assert.equal(seeded, true);
  assert.ok(meta.counts.appointments! > 0 && meta.counts.notifications! > 0);
  assert.deepEqual((await readMeta(target))?.counts, meta.counts);
});
