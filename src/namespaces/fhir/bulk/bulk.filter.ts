import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import { validationFailed } from '../../../values/errors.ts';
import { allOf, conditionsOf, inputOf, namesOf, type SearchEnv } from '../search/params.ts';
import type { FhirType } from '../types/define.ts';
import { exportableType } from './bulk.types.ts';

/**
 * `_typeFilter` (Bulk Data v2; docs/fhir.md, "Bulk Data export"): entries `Type?search-params`,
 * each read with that type's search parameters (search/params.ts), so that a parameter means what
 * it means to GET /fhir/R4/{Type}. A type's rows are those any of its entries matches (OR), an
 * entry's parameters all holding (AND); a type without entries is exported whole.
 */
export interface TypeFilter {
  type: string;
  /** the entry as given, kept with the export and read again by the job */
  entry: string;
  /** the parameters, parsed as the type's search reads them */
  input: Record<string, unknown>;
}

/** The search parameters of a type, by their names in a query, nothing else (no _count, _include, ...). */
const paramsSchema = (type: FhirType) => z.object(Object.assign({}, ...type.searchParams.map(inputOf)) as Record<string, z.ZodType>).strict();

/** One entry, read and checked; VALIDATION_FAILED (400) naming what is wrong with it. */
export function readTypeFilter(entry: string, exported: readonly string[]): TypeFilter {
  const mark = entry.indexOf('?');
  const name = (mark < 0 ? entry : entry.slice(0, mark)).trim();
  const type = exportableType(name);
  if (mark < 0 || !type) throw validationFailed('_typeFilter', `${entry}: must be {Type}?{search parameters} of a type exported`);
  if (!exported.includes(name)) throw validationFailed('_typeFilter', `${entry}: ${name} is not among the types exported (${exported.join(', ')})`);
  const given: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(entry.slice(mark + 1))) {
    const before = given[key];
    given[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  const read = paramsSchema(type).safeParse(given);
  if (!read.success) {
    const names = type.searchParams.flatMap(namesOf).join(', ');
    const problems = read.error.issues.map((issue) => (issue.code === 'unrecognized_keys' ? `${issue.keys.join(', ')}: not a search parameter of ${name} (${names})` : `${issue.path.join('.')}: ${issue.message}`));
    throw validationFailed('_typeFilter', `${entry}: ${problems.join('; ')}`);
  }
  return { type: name, entry, input: read.data };
}

/** The entries of the parameter (repeated, or separated by commas: a comma inside an entry is written %2C), read and checked. */
export function typeFiltersOf(given: string | string[] | undefined, exported: readonly string[]): TypeFilter[] {
  const lists = given === undefined ? [] : Array.isArray(given) ? given : [given];
  return lists
    .flatMap((list) => list.split(','))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => readTypeFilter(entry, exported));
}

/** The conditions of a type's entries, one each (the page takes rows any of them matches). */
export async function filterConditions(type: FhirType, filters: readonly TypeFilter[], env: SearchEnv): Promise<Expression<SqlBool>[]> {
  const conditions: Expression<SqlBool>[] = [];
  for (const filter of filters.filter((one) => one.type === type.type)) {
    const all = (await Promise.all(type.searchParams.map((param) => conditionsOf(param, filter.input, env)))).flat();
    conditions.push(all.length === 0 ? sql<SqlBool>`1 = 1` : allOf(all));
  }
  return conditions;
}
