import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';

/**
 * A digest per table of an organization's rows (every table with an organizationId column, and its
 * organizations row), to show that a sweep of calls changed none of them.
 */
export async function organizationDigest(db: Db, organizationId: string): Promise<Record<string, string>> {
  const tables = await db.introspection.getTables();
  const names = [...new Set(tables.filter((t) => t.columns.some((c) => c.name === 'organizationId')).map((t) => t.name))].sort();
  const digest: Record<string, string> = {};
  for (const name of ['organizations', ...names]) {
    const column = name === 'organizations' ? 'id' : 'organizationId';
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)} where ${sql.ref(column)} = ${organizationId}`.execute(db);
    const lines = rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).sort();
    digest[name] = createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16) + ` (${rows.length} rows)`;
  }
  return digest;
}
