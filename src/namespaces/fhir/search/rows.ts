import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { FhirResource } from '../fhir.resources.ts';
import type { FhirType, MappingContext } from '../types/define.ts';
import { allOf } from './params.ts';

type Row = Record<string, unknown>;

/** The name of a type's `source` query in the search's query (its conditions may refer to its columns by it). */
export const SOURCE = 'source';

/** The organization's rows of a type that meet the conditions (a query to select from). */
export function rowsOf(db: Db, type: FhirType, organizationId: string, where: readonly Expression<SqlBool>[]) {
  const from = type.source ? (db.selectFrom(type.source(db).as(SOURCE)) as unknown as ReturnType<typeof db.selectFrom<'patients'>>) : db.selectFrom(type.table as 'patients');
  const scoped = from.where(type.scope(organizationId));
  return where.length === 0 ? scoped : scoped.where(allOf(where));
}

/** The rows with what their mapping needs of other tables, read for all of them at once (the type's `related`). */
export async function completed(db: Db, type: FhirType, organizationId: string, rows: readonly Row[]): Promise<Row[]> {
  if (rows.length === 0) return [];
  return type.related ? type.related(db, organizationId, rows) : [...rows];
}

/** Completed rows as resources of the type. */
export async function resourcesOf(type: FhirType, rows: readonly Row[], timeZone: () => Promise<string>): Promise<FhirResource[]> {
  if (rows.length === 0) return [];
  const mapping: MappingContext = { timeZone: type.zoned ? await timeZone() : 'UTC' };
  return rows.map((row) => type.resource(row, mapping));
}

/** Each resource once (by type and id), in the order first met. */
export function onceEach(resources: readonly FhirResource[]): FhirResource[] {
  const seen = new Set<string>();
  return resources.filter((resource) => {
    const key = `${resource.resourceType}/${resource.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
