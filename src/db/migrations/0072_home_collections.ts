import { type Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * Home-screen collections: platform-wide content (no organization). platformServiceCategoryIds is
 * a JSON array of identifiers (text), matched element-wise by the list's category filter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('homeCollections')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('name', col.text, notNull)
    .addColumn('orderLevel', col.int, (c) => c.notNull().defaultTo(0))
    .addColumn('imageUrl', col.text)
    .addColumn('webImageUrl', col.text)
    .addColumn('subTitle', col.text)
    .addColumn('organizationTypeId', col.text, notNull)
    .addColumn('platformServiceCategoryIds', col.json, notNull)
    .addColumn('gridTitle', col.text)
    .addColumn('featuredTitle', col.text)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('homeCollections_order').on('homeCollections').columns(['orderLevel', 'id']).execute();
  await db.schema.createIndex('homeCollections_type').on('homeCollections').column('organizationTypeId').execute();
}
