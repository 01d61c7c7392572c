import type { Kysely } from 'kysely';
import { col, notNull } from './columns.ts';
import { dropAppendOnly, makeAppendOnly } from './dialect-features.ts';

/**
 * The seller's logo on billing documents (docs/billing.md, "The logo"). Every logo an organization
 * has set is kept, append-only and keyed by the hash of its bytes (billingLogos); the one it uses
 * now is named by its billing profile (billingProfiles, mutable); each document names the logo it
 * was issued with (billingDocuments.logoSha256), so a later change never alters a printed copy.
 * Adding a column to the append-only billingDocuments is allowed: its triggers fire on UPDATE and
 * DELETE only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billingLogos')
    .addColumn('organizationId', col.id, notNull)
    .addColumn('sha256', col.id, notNull)
    .addColumn('contentType', col.text, notNull)
    .addColumn('width', col.int, notNull)
    .addColumn('height', col.int, notNull)
    .addColumn('bytes', col.int, notNull)
    .addColumn('data', col.text, notNull)
    .addColumn('createdAt', col.ts, notNull)
    .addPrimaryKeyConstraint('billingLogos_pk', ['organizationId', 'sha256'])
    .execute();
  await makeAppendOnly(db, 'billingLogos');

  await db.schema
    .createTable('billingProfiles')
    .addColumn('organizationId', col.id, (c) => c.primaryKey())
    .addColumn('logoSha256', col.id)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();

  await db.schema.alterTable('billingDocuments').addColumn('logoSha256', col.id).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('billingDocuments').dropColumn('logoSha256').execute();
  await db.schema.dropTable('billingProfiles').execute();
  await dropAppendOnly(db, 'billingLogos');
  await db.schema.dropTable('billingLogos').execute();
}
