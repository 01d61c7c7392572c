import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect-features.ts';
import { col, notNull } from './columns.ts';

/**
 * The platform food catalogue (no organization). Besides the interface's fields it keeps four
 * derived columns, written by the repository on every write and never returned:
 * - `nameKey`: the name trimmed, spaces collapsed, lower-cased: the sort key of list and search
 *   (keyset paging on (nameKey, id)) and half of bulk's name-and-category match;
 * - `categoryKey`: the category normalised the same way ('' when none): the other half;
 * - `foodCodeKey`: the foodCode normalised (null when none): unique, so one code is one food;
 * - `searchText`: name, category and ingredients lower-cased without accents, for search.
 *
 * On SQLite a search walks the name-order index, which carries searchText (no table reads but for
 * the rows of the page). On PostgreSQL a trigram GIN index (pg_trgm) makes
 * `searchText like '%term%'` an index search.
 * Creating the extension needs a privileged role: it is attempted inside a savepoint, and when
 * the extension cannot be had the index is skipped (search still works, by scanning).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('foods')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('name', col.text, notNull)
    .addColumn('foodCode', col.text)
    .addColumn('categoryId', col.text)
    .addColumn('category', col.text)
    .addColumn('description', col.text)
    .addColumn('calories', col.int)
    .addColumn('protein', col.real)
    .addColumn('carbs', col.real)
    .addColumn('fat', col.real)
    .addColumn('fiber', col.real)
    .addColumn('sugar', col.real)
    .addColumn('sodium', col.real)
    .addColumn('cholesterol', col.real)
    .addColumn('serving_size', col.text)
    .addColumn('ingredients', col.json)
    .addColumn('image_url', col.text)
    .addColumn('imageUrl', col.text)
    .addColumn('nutritionPer100g', col.json)
    .addColumn('servings', col.json)
    .addColumn('isActive', col.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('nameKey', col.text, notNull)
    .addColumn('categoryKey', col.text, notNull)
    .addColumn('foodCodeKey', col.text)
    .addColumn('searchText', col.text, notNull)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();

  await db.schema.createIndex('foods_foodCodeKey').unique().on('foods').column('foodCodeKey').execute();
  // list / search order and keyset: (nameKey, id) among the visible foods. On SQLite the index also
  // carries calories and searchText, so a search walks the index in name order and tests each entry
  // without reading the table row (only the page's rows are read). PostgreSQL caps a b-tree entry at
  // about 2.7 kB (searchText has no such bound), and searches through the trigram index instead.
  const nameOrder = isPostgres(db) ? ['isActive', 'nameKey', 'id'] : ['isActive', 'nameKey', 'id', 'calories', 'searchText'];
  await db.schema.createIndex('foods_active_name').on('foods').columns(nameOrder).execute();
  await db.schema.createIndex('foods_active_categoryId_name').on('foods').columns(['isActive', 'categoryId', 'nameKey', 'id']).execute();
  await db.schema.createIndex('foods_active_categoryKey_name').on('foods').columns(['isActive', 'categoryKey', 'nameKey', 'id']).execute();
  // bulk's and analyze's match by name (and category)
  await db.schema.createIndex('foods_name_category').on('foods').columns(['nameKey', 'categoryKey']).execute();

  if (isPostgres(db)) {
    // SQLite's name-order index carries calories; PostgreSQL counts a calorie range from this one
    await db.schema.createIndex('foods_active_calories').on('foods').columns(['isActive', 'calories']).execute();
    await addTrigramIndex(db);
  }
}

async function attempt(db: Kysely<unknown>, name: string, statement: () => Promise<unknown>): Promise<boolean> {
  await sql`savepoint ${sql.id(name)}`.execute(db);
  try {
    await statement();
    await sql`release savepoint ${sql.id(name)}`.execute(db);
    return true;
  } catch {
    await sql`rollback to savepoint ${sql.id(name)}`.execute(db);
    return false;
  }
}

async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

/**
 * Tests run each suite in its own schema of one database, so the extension goes to `public` (once
 * per database) and the operator class is named with its schema, wherever it was installed.
 */
async function addTrigramIndex(db: Kysely<unknown>): Promise<void> {
  let schema = await trigramSchema(db);
  if (!schema) {
    await attempt(db, 'foods_pg_trgm', () => sql`create extension if not exists pg_trgm with schema public`.execute(db));
    schema = await trigramSchema(db);
  }
  if (!schema) return;
  await attempt(db, 'foods_trgm_index', () =>
    sql`create index "foods_searchText_trgm" on "foods" using gin ("searchText" ${sql.id(schema, 'gin_trgm_ops')})`.execute(db),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('foods').execute();
}
