import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { newId } from '../../values/ids.ts';
import { toJsonText } from '../../values/record.ts';
import { asOrganization, organizations, type OrganizationRecord } from './organizations.resource.ts';
import { assertTeamIsNoOtherOrganization } from './organizations.teams.ts';

export { settingsOf, type OrganizationSettings } from './organizations.settings.ts';
export type { OrganizationRecord } from './organizations.resource.ts';

/** Query functions other namespaces use to reach an organization; each takes the handle first. */

export async function findOrganizationById(db: Db, id: string): Promise<OrganizationRecord | undefined> {
  const found = await organizations.repo.find(db, undefined, id);
  return found && asOrganization(found);
}

/** The organization's own time zone, else `fallback` (the service's; also for an id without an organizations record). */
export async function timeZoneOf(db: Db, id: string, fallback: string): Promise<string> {
  const row = await db.selectFrom('organizations').select('timezone').where('id', '=', id).executeTakeFirst();
  return row?.timezone ?? fallback;
}

export async function findOrganizationBySlug(db: Db, slug: string): Promise<OrganizationRecord | undefined> {
  const row = await db.selectFrom('organizations').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row && asOrganization(organizations.repo.toRecord(row));
}

export async function findOrganizationByTeam(db: Db, idpTeamId: string): Promise<OrganizationRecord | undefined> {
  const row = await db.selectFrom('organizations').selectAll().where('idpTeamId', '=', idpTeamId).executeTakeFirst();
  return row && asOrganization(organizations.repo.toRecord(row));
}

export interface Address {
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

export async function organizationIdByTeam(db: Db, idpTeamId: string): Promise<string | undefined> {
  const row = await db.selectFrom('organizations').select('id').where('idpTeamId', '=', idpTeamId).executeTakeFirst();
  return row?.id;
}

/** The organization of the identity provider's team, created (active, named after the team) when missing. */
export async function findOrCreateOrganization(
  db: Db,
  team: { idpTeamId: string; type: string | null; address: Address | null },
  now: number,
): Promise<OrganizationRecord> {
  const existing = await findOrganizationByTeam(db, team.idpTeamId);
  if (existing) return existing;
  await assertTeamIsNoOtherOrganization(db, team.idpTeamId);
  await db
    .insertInto('organizations')
    .values({
      id: newId(),
      name: team.idpTeamId,
      slug: null,
      type: team.type,
      idpTeamId: team.idpTeamId,
      timezone: null,
      address: toJsonText(team.address),
      latitude: null,
      longitude: null,
      isActive: true,
      settings: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column('idpTeamId').doNothing())
    .execute();
  return (await findOrganizationByTeam(db, team.idpTeamId))!;
}

/** Records that are history, not the organization's live data: kept when it is deleted. */
const HISTORY_TABLES = new Set(['auditLog']);

/**
 * Every table with an organizationId column (but the history ones), read from the database itself
 * so that the tables of namespaces added later are covered without a list to keep up to date.
 */
async function organizationTables(db: Db, dialect: Dialect): Promise<string[]> {
  const schema =
    dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const tables = await db.introspection.getTables();
  return tables
    .filter((t) => !t.isView && (schema === undefined || t.schema === schema) && !HISTORY_TABLES.has(t.name))
    .filter((t) => t.columns.some((c) => c.name === 'organizationId'))
    .map((t) => t.name)
    .sort();
}

/** The first table that still holds a record of the organization, or undefined when none does. */
export async function tableWithRecordsOf(db: Db, dialect: Dialect, organizationId: string): Promise<string | undefined> {
  for (const table of await organizationTables(db, dialect)) {
    const { rows } = await sql`select 1 from ${sql.table(table)} where ${sql.ref('organizationId')} = ${organizationId} limit 1`.execute(db);
    if (rows.length > 0) return table;
  }
  return undefined;
}
