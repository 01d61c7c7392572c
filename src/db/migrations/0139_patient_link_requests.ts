import type { Kysely } from 'kysely';
import { col } from './columns.ts';

/**
 * A patient record linked by staff to another person's account is a request until that account
 * accepts it (CONTRACT.md section 6, "Consent"; docs/identity.md, "Patient account links"). The
 * request is kept apart from `idpUserId`, which holds accepted links only, so that everything
 * reading the link (self access, recipients, auth.me) grants a requested account nothing.
 * Records linked before this migration keep their links, accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('patients').addColumn('linkPendingIdpUserId', col.text).execute();
  await db.schema.alterTable('patients').addColumn('linkRequestedBy', col.text).execute();
  await db.schema.alterTable('patients').addColumn('linkRequestedAt', col.ts).execute();
  await db.schema.alterTable('patients').addColumn('linkExpiresAt', col.ts).execute();
  await db.schema.createIndex('patients_link_pending').on('patients').column('linkPendingIdpUserId').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('patients_link_pending').execute();
  for (const column of ['linkExpiresAt', 'linkRequestedAt', 'linkRequestedBy', 'linkPendingIdpUserId']) {
    await db.schema.alterTable('patients').dropColumn(column).execute();
  }
}
