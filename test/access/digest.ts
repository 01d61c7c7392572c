import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from '../harness.ts';

/**
 * A digest per table of an organization's rows (every table with an organizationId column, and its
 * organizations row), to show that a sweep of calls changed none of them. The read log is written
 * in batches after the answers: what is queued is written first, so that reads made before the
 * sweep are not taken for changes made by it (and reads in the sweep are).
 */
/**
 * The read log records attempts too (a list that answered nothing of B is still a read in B):
 * it is B's log, not B's data, and what an answer carried is checked on the answer itself.
 */
const READ_LOG = new Set(['patientDataReads', 'patientDataReadPatients']);

export async function organizationDigest(t: TestApp, organizationId: string): Promise<Record<string, string>> {
  await t.app.readLog.flush();
  const db = t.database.db;
  const tables = await db.introspection.getTables();
  const names = [...new Set(tables.filter((t) => t.columns.some((c) => c.name === 'organizationId')).map((t) => t.name))]
    .filter((name) => !READ_LOG.has(name))
    .sort();
  const digest: Record<string, string> = {};
  for (const name of ['organizations', ...names]) {
    const column = name === 'organizations' ? 'id' : 'organizationId';
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)} where ${sql.ref(column)} = ${organizationId}`.execute(db);
    const lines = rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).sort();
    digest[name] = createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16) + ` (${rows.length} rows)`;
  }
  return digest;
}
