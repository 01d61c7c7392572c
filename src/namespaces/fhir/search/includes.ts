import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { FhirResource } from '../fhir.resources.ts';
import type { FhirType } from '../types/define.ts';
import { inColumn } from './params.ts';
import type { RevIncludes } from './revinclude.ts';
import { completed, resourcesOf, rowsOf } from './rows.ts';

type Row = Record<string, unknown>;

/** Where the resources of a page are read: the organization, and its time zone once needed. */
export interface IncludeScope {
  db: Db;
  organizationId: string;
  timeZone: () => Promise<string>;
  /** a patient's own account: the conditions keeping a type's rows to its own patient records */
  ownOnly?: (type: FhirType) => Promise<Expression<SqlBool>[]>;
}

const ownOnlyOf = (scope: IncludeScope, type: FhirType): Promise<Expression<SqlBool>[]> => scope.ownOnly?.(type) ?? Promise.resolve([]);

/** The resources `_include` names for the page's (completed) rows: one query per type included, not per row. */
export async function includedOf(scope: IncludeScope, type: FhirType, names: readonly string[], rows: readonly Row[]): Promise<FhirResource[]> {
  const included: FhirResource[] = [];
  for (const name of new Set(names)) {
    const { target, column } = type.includes[name]!;
    const targetType = target();
    const ids = [...new Set(rows.map((row) => row[column]).filter((value): value is string => typeof value === 'string' && value !== ''))];
    if (ids.length === 0) continue;
    const found = await rowsOf(scope.db, targetType, scope.organizationId, [sql<SqlBool>`${sql.ref('id')} in (${sql.join(ids)})`, ...(await ownOnlyOf(scope, targetType))]).selectAll().orderBy('id').execute();
    included.push(...(await resourcesOf(targetType, await completed(scope.db, targetType, scope.organizationId, found), scope.timeZone)));
  }
  return included;
}

/**
 * The resources `_revinclude` names: those of the organization whose reference parameter names a
 * resource of the page, one query per `_revinclude` (its parameter's own condition, so a reference
 * held through another table is found as the search finds it), in id order, at most MAX in all; what
 * a bound left out is said in `warnings`.
 */
export async function revincludedOf(scope: IncludeScope, revincludes: RevIncludes, names: readonly string[], rows: readonly Row[], max: number): Promise<{ resources: FhirResource[]; warnings: string[] }> {
  const ids = rows.map((row) => String(row.id));
  const resources: FhirResource[] = [];
  const warnings: string[] = [];
  if (ids.length === 0) return { resources, warnings };
  for (const name of new Set(names)) {
    const { source, param } = revincludes[name]!;
    const room = max - resources.length;
    const found = await rowsOf(scope.db, source, scope.organizationId, [(param.where ?? inColumn(param.column))(ids), ...(await ownOnlyOf(scope, source))]).selectAll().orderBy('id').limit(room + 1).execute();
    if (found.length > room) {
      warnings.push(`_revinclude=${name}: more ${source.type} resources refer to this page than the ${max} a page includes; ${room} are included (in id order). A smaller _count, or searching ${source.type} by ${param.name}, finds the rest.`);
    }
    resources.push(...(await resourcesOf(source, await completed(scope.db, source, scope.organizationId, found.slice(0, room)), scope.timeZone)));
  }
  return { resources, warnings };
}
