import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect-features.ts';

/**
 * One account may be linked to several patient records of an organization: a family shares one
 * mobile number, and the parent who proves it (patients.confirmLink) keeps the children's records
 * too. The uniqueness of (organizationId, idpUserId) from 0041 goes; patients_idp keeps lookups by
 * account quick. SQLite cannot drop a table constraint, so there the table is rebuilt.
 */
const UNIQUE_CLAUSE = ', constraint "patients_org_idp" unique ("organizationId", "idpUserId")';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table patients drop constraint patients_org_idp`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'patients', (ddl) => ddl.replace(UNIQUE_CLAUSE, ''));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table patients add constraint patients_org_idp unique ("organizationId", "idpUserId")`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'patients', (ddl) => ddl.replace(/\)$/, `${UNIQUE_CLAUSE})`));
}

/**
 * Recreates a SQLite table from its own definition as changed by `edit`, keeping its rows and
 * indexes. The rows are copied back into a table of the same name, which settles the references
 * of other tables that dropping it broke (foreign keys are deferred until the commit).
 */
async function rebuildSqliteTable(db: Kysely<unknown>, table: string, edit: (ddl: string) => string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ type: string; sql: string }>`
      select type, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(trx);
    const ddl = rows.find((r) => r.type === 'table')!.sql;
    const changed = edit(ddl);
    if (changed === ddl) throw new Error(`the definition of ${table} is not the one this migration changes`);
    const copy = sql.id(`${table}_rebuild_copy`);
    await sql`pragma defer_foreign_keys = on`.execute(trx);
    await sql`create table ${copy} as select * from ${sql.id(table)}`.execute(trx);
    await sql`drop table ${sql.id(table)}`.execute(trx);
    await sql.raw(changed).execute(trx);
    await sql`insert into ${sql.id(table)} select * from ${copy}`.execute(trx);
    await sql`drop table ${copy}`.execute(trx);
    for (const index of rows.filter((r) => r.type === 'index')) await sql.raw(index.sql).execute(trx);
  });
}
