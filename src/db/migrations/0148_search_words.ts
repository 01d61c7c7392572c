import { sql, type Kysely } from 'kysely';
import { wordRowsOf } from '../../namespaces/users/users.words.ts';
import { col, notNull } from './columns.ts';
import { isPostgres } from './dialect-features.ts';

/**
 * Word-start search (issue 29; docs/api.md, "users.search"): `userWords` holds the words of each
 * organization user's displayName and email (src/values/words.ts), keyed (organizationId, word,
 * userId), so that a query word's prefix is one range of the primary key inside one organization
 * and a search never reads another organization's entries. The words are the service's (the same
 * on both databases); on PostgreSQL `word` compares by code point (collation "C"), as SQLite's
 * BINARY does, so the range is the same range. Rows go with their user (on delete cascade).
 * Existing users are indexed here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const word = postgres ? sql`text collate "C"` : sql`text`;
  let table = db.schema
    .createTable('userWords')
    .addColumn('organizationId', col.id, notNull)
    .addColumn('word', word, notNull)
    .addColumn('userId', col.id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', col.int, notNull)
    .addColumn('createdAt', col.ts, notNull)
    .addPrimaryKeyConstraint('userWords_pk', ['organizationId', 'word', 'userId']);
  if (!postgres) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await db.schema.createIndex('userWords_user').on('userWords').column('userId').execute();
  await backfillUserWords(db);
}

const BATCH = 1000;
/** Rows per INSERT: five values each, well within both databases' parameter limits. */
const INSERT_ROWS = 500;

async function backfillUserWords(db: Kysely<unknown>): Promise<void> {
  const q = db as unknown as Kysely<{ users: { id: string; organizationId: string | null; displayName: string | null; email: string; createdAt: number | string } }>;
  let after = '';
  for (;;) {
    const users = await q
      .selectFrom('users')
      .select(['id', 'organizationId', 'displayName', 'email', 'createdAt'])
      .where('organizationId', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (users.length === 0) return;
    const rows = users.flatMap((u) => wordRowsOf({ ...u, createdAt: Number(u.createdAt) }));
    for (let i = 0; i < rows.length; i += INSERT_ROWS) {
      await (db as Kysely<{ userWords: object }>).insertInto('userWords').values(rows.slice(i, i + INSERT_ROWS)).execute();
    }
    after = users[users.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('userWords').execute();
}
