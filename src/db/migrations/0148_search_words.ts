import { sql, type Kysely } from 'kysely';
import { personWords, wordsText } from '../../values/words.ts';
import { col, notNull } from './columns.ts';
import { isPostgres } from './dialect-features.ts';

/**
 * Word-start search (issue 29; docs/identity.md, users "search"): `userWords` holds the words of each
 * organization user's displayName and email (src/values/words.ts), keyed (organizationId, word,
 * userId), so that a query word's prefix is one range of the primary key inside one organization
 * and a search never reads another organization's entries. The words are the service's (the same
 * on both databases); on PostgreSQL `word` compares by code point (collation "C"), as SQLite's
 * BINARY does, so the range is the same range. Rows go with their user (on delete cascade).
 * Existing users are indexed here.
 *
 * foods.search (docs/wellness.md, "list and search"): `searchText` becomes the food's words
 * (foods.fields.ts's searchTextOf: letters and digits, folded, joined by single spaces), rewritten here for every
 * food, and the visible foods' words get a full-text index in which a query word is a prefix:
 * - SQLite: FTS5 `foodsFts` (contentless, detail=none: which foods hold a word, nothing more;
 *   tokenizer `ascii`, which splits the words at their spaces exactly as they are, so the tokens are
 *   the service's words; prefix indexes for 1 to 12 characters, so a prefix query reads one list
 *   instead of merging every word's). Its rowids are those of `foodSearch` (integer primary key, kept
 *   by VACUUM, unlike a foods rowid), which names the food and carries its nameKey for the name
 *   order. Triggers on foods keep both in step on every write (insert, update, delete).
 * - PostgreSQL: the trigram index of searchText (0035) serves the word-start test's substring part;
 *   a GIN index of the words as a tsvector, searched with prefix queries (`word:*`), was measured
 *   slower for two words (4-5 ms against 3 ms: its prefix query scans the index for every word a
 *   prefix starts, and rechecks each row), so none is added.
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
  await rewriteSearchText(db);
  if (!postgres) await createFoodsFts(db);
}

/** FTS5 prefix indexes: a prefix query of 1 to 12 characters (most words typed) reads one list. */
const FTS_PREFIXES = Array.from({ length: 12 }, (_, i) => i + 1).join(' ');

async function createFoodsFts(db: Kysely<unknown>): Promise<void> {
  await sql`create table "foodSearch" ("rowid" integer primary key, "foodId" varchar(64) not null unique, "nameKey" text not null)`.execute(db);
  await sql.raw(`create virtual table "foodsFts" using fts5("words", content='', contentless_delete=1, detail=none, tokenize='ascii', prefix='${FTS_PREFIXES}')`).execute(db);
  const add = (row: 'new') => `
      insert into "foodSearch" ("foodId", "nameKey") select ${row}."id", ${row}."nameKey" where ${row}."isActive";
      insert into "foodsFts" ("rowid", "words") select "rowid", ${row}."searchText" from "foodSearch" where "foodId" = ${row}."id" and ${row}."isActive";`;
  const remove = (row: 'old') => `
      delete from "foodsFts" where "rowid" = (select "rowid" from "foodSearch" where "foodId" = ${row}."id");
      delete from "foodSearch" where "foodId" = ${row}."id";`;
  await sql.raw(`create trigger "foods_search_insert" after insert on "foods" begin ${add('new')} end`).execute(db);
  await sql.raw(`create trigger "foods_search_delete" after delete on "foods" begin ${remove('old')} end`).execute(db);
  await sql.raw(`create trigger "foods_search_update" after update of "id", "isActive", "nameKey", "searchText" on "foods" begin ${remove('old')} ${add('new')} end`).execute(db);
  await sql`insert into "foodSearch" ("foodId", "nameKey") select "id", "nameKey" from "foods" where "isActive" order by "nameKey", "id"`.execute(db);
  await sql`insert into "foodsFts" ("rowid", "words") select s."rowid", f."searchText" from "foodSearch" s join "foods" f on f."id" = s."foodId"`.execute(db);
}

/** Every food's searchText as searchTextOf makes it now (before the triggers: the index is built from it after). */
async function rewriteSearchText(db: Kysely<unknown>): Promise<void> {
  const q = db as unknown as Kysely<{ foods: { id: string; name: string; category: string | null; ingredients: string | null; searchText: string } }>;
  let after = '';
  for (;;) {
    const foods = await q.selectFrom('foods').select(['id', 'name', 'category', 'ingredients', 'searchText']).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (foods.length === 0) return;
    for (const food of foods) {
      const ingredients: unknown = food.ingredients ? JSON.parse(food.ingredients) : null;
      // as foods.fields.ts's searchTextOf makes it
      const text = wordsText(food.name, food.category, ...(Array.isArray(ingredients) ? ingredients.map(String) : []));
      if (text !== food.searchText) await q.updateTable('foods').set({ searchText: text }).where('id', '=', food.id).execute();
    }
    after = foods[foods.length - 1]!.id;
  }
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
    // as users.words.ts's wordRowsOf writes them
    const rows = users.flatMap((u) => personWords(u.displayName, u.email).map(([word, position]) => ({ organizationId: u.organizationId, word, userId: u.id, position, createdAt: Number(u.createdAt) })));
    for (let i = 0; i < rows.length; i += INSERT_ROWS) {
      await (db as Kysely<{ userWords: object }>).insertInto('userWords').values(rows.slice(i, i + INSERT_ROWS)).execute();
    }
    after = users[users.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const name of ['foods_search_insert', 'foods_search_delete', 'foods_search_update']) await sql`drop trigger ${sql.id(name)}`.execute(db);
    await sql`drop table "foodsFts"`.execute(db);
    await sql`drop table "foodSearch"`.execute(db);
  }
  await db.schema.dropTable('userWords').execute();
}
