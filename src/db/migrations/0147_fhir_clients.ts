import { sql, type Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';
import { isPostgres } from './dialect-features.ts';

/**
 * Backend clients of the FHIR API (SMART Backend Services; docs/fhir.md, "Authorization"): each is
 * registered by an organization's admin with its public keys and the scopes it may be given, and
 * gets access tokens by a JWT assertion signed with its private key. The assertions' ids (jti) are
 * kept until they expire, so that none is used twice. Every request of a client reads its
 * registration (a revocation counts at once), remembered between requests like users are: on
 * PostgreSQL its changes are announced as 0131 announces theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('fhirClients'))
    .addColumn('name', col.text, notNull)
    .addColumn('jwks', col.json)
    .addColumn('jwksUrl', col.text)
    .addColumn('scopes', col.json, notNull)
    .addColumn('createdBy', col.text)
    .addColumn('revokedAt', col.ts)
    .execute();
  await db.schema.createIndex('fhirClients_org').on('fhirClients').columns(['organizationId', 'id']).execute();
  await db.schema
    .createTable('fhirClientAssertions')
    .addColumn('clientId', col.id, notNull)
    .addColumn('jti', col.text, notNull)
    .addColumn('expiresAt', col.ts, notNull)
    .addPrimaryKeyConstraint('fhirClientAssertions_pk', ['clientId', 'jti'])
    .execute();
  await db.schema.createIndex('fhirClientAssertions_expires').on('fhirClientAssertions').column('expiresAt').execute();
  if (isPostgres(db)) {
    await sql`create trigger "fhirClients_announce_change" after insert or update or delete or truncate on "fhirClients"
      for each statement execute function healthops_announce_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`drop trigger "fhirClients_announce_change" on "fhirClients"`.execute(db);
  await db.schema.dropTable('fhirClientAssertions').execute();
  await db.schema.dropTable('fhirClients').execute();
}
