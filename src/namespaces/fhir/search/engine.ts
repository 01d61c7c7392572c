import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Context } from '../../../operations/context.ts';
import { AppError } from '../../../values/errors.ts';
import { id } from '../../../values/fields.ts';
import { timeZoneOf } from '../../organizations/organizations.public.ts';
import type { FhirResource } from '../fhir.resources.ts';
import type { FhirType } from '../types/define.ts';
import { assertMaySearch, assertScopesInclude } from './included-access.ts';
import { includedOf, revincludedOf } from './includes.ts';
import { conditionsOf, inputOf, namesOf, repeated, type SearchEnv } from './params.ts';
import type { RevIncludes } from './revinclude.ts';
import { completed, onceEach, resourcesOf, rowsOf } from './rows.ts';

/**
 * The search of any type (docs/fhir.md, "Search"): its parameters' conditions on the organization's
 * rows, keyset paging by id, `_count`, `_summary=count`, `_elements`, `_include` and `_revinclude`.
 */

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;
const MAX_ELEMENTS = 30;
/** The resources `_revinclude` adds to a page, at most (all the `_revinclude`s given together); the Bundle says when some were left out. */
export const MAX_REVINCLUDED = 100;
const MAX_REVINCLUDES = 4;

/** The parameters every search takes besides its type's own. */
export const commonSearchInput = {
  organizationId: id(),
  _count: z
    .union([z.int().min(0), z.string().max(9).regex(/^\d{1,9}$/, 'must be a whole number').transform(Number)])
    .transform((count) => Math.min(count, MAX_COUNT))
    .default(DEFAULT_COUNT),
  /** the id after which the page starts (keyset paging): the `next` link carries it */
  _cursor: id().optional(),
  /** `count`: the total only; `false`: the resources whole (the default) */
  _summary: z.enum(['count', 'false'], { error: 'only count (the total alone) and false are served' }).optional(),
  /** the top-level elements to keep (besides id, resourceType and meta) */
  _elements: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(1000)
    .transform((text, ctx) => {
      const names = text.split(',').map((name) => name.trim());
      if (names.length > MAX_ELEMENTS) ctx.issues.push({ code: 'custom', message: `at most ${MAX_ELEMENTS} elements`, input: text });
      for (const name of names) if (!/^[a-zA-Z][a-zA-Z0-9]{0,63}$/.test(name)) ctx.issues.push({ code: 'custom', message: `${name} is not an element name`, input: text });
      return names;
    })
    .optional(),
};

export type SearchInput = { organizationId: string; _count: number; _cursor?: string; _summary?: 'count' | 'false'; _elements?: string[]; _include?: string[]; _revinclude?: string[] } & Record<string, unknown>;

/** A `_include` or `_revinclude` value: one of `names` (400 otherwise). */
function oneOf(names: readonly string[], none: string) {
  const problem = names.length === 0 ? none : `must be one of ${names.join(', ')}`;
  return z.string().refine((name) => names.includes(name), { message: problem });
}

/** The operation's input for a type: its parameters by their FHIR names, and the common ones. */
export function searchInputOf(type: FhirType, revincludes: RevIncludes) {
  const includes = Object.keys(type.includes);
  const revincluded = Object.keys(revincludes);
  return z.object({
    ...Object.assign({}, ...type.searchParams.map(inputOf)),
    ...commonSearchInput,
    ...(includes.length === 0 ? {} : { _include: repeated(oneOf(includes, ''), includes.length, `at most ${includes.length} times`) }),
    // Taken by every type, so that a name no type answers is 400, not ignored.
    _revinclude: repeated(oneOf(revincluded, `no type refers to ${type.type} by a search parameter`), MAX_REVINCLUDES, `at most ${MAX_REVINCLUDES} times`),
  } as typeof commonSearchInput & Record<string, z.ZodType>);
}

/** The query parameters a searchset's links carry, in the order the type declares them (then _count). */
export function linkedNames(type: FhirType): string[] {
  const include = Object.keys(type.includes).length === 0 ? [] : ['_include'];
  return [...type.searchParams.flatMap(namesOf), ...include, '_revinclude', '_summary', '_elements', '_cursor'];
}

/** The organization's time zone, read once per call and only when something needs it. */
function zoneOnce(ctx: Pick<Context, 'db' | 'config'>, organizationId: string): () => Promise<string> {
  let zone: Promise<string> | undefined;
  return () => (zone ??= timeZoneOf(ctx.db, organizationId, ctx.config.timeZone));
}

/** One resource of the organization by id, or undefined. */
export async function readResource(ctx: Pick<Context, 'db' | 'config'>, type: FhirType, organizationId: string, resourceId: string): Promise<FhirResource | undefined> {
  const row = await rowsOf(ctx.db, type, organizationId, [sql<SqlBool>`${sql.ref('id')} = ${resourceId}`]).selectAll().executeTakeFirst();
  if (!row) return undefined;
  return (await resourcesOf(type, await completed(ctx.db, type, organizationId, [row]), zoneOnce(ctx, organizationId)))[0];
}

export interface SearchPage {
  total: number;
  /** the page size applied (the links carry it) */
  count: number;
  items: FhirResource[];
  /** resources of `_include` and `_revinclude`, for the page's items */
  included: FhirResource[];
  /** what the page left out and why (a `_revinclude` over its bound): the Bundle's OperationOutcome */
  warnings?: string[];
  /** the cursor of the next page; null on the last */
  next: string | null;
}

/** The types `_include` and `_revinclude` would answer, each with the value asking for it. */
function typesIncluded(type: FhirType, revincludes: RevIncludes, input: SearchInput): { asked: string; resourceType: string }[] {
  return [
    ...(input._include ?? []).map((name) => ({ asked: `_include=${name}`, resourceType: type.includes[name]!.target().type })),
    ...(input._revinclude ?? []).map((name) => ({ asked: `_revinclude=${name}`, resourceType: revincludes[name]!.source.type })),
  ];
}

/**
 * The conditions keeping a search of a patient's own account to its own patient records
 * (docs/fhir.md, "A patient's own account"): the type's ownPatientsParam given those records. A type
 * without one is not the account's to search, nor to include.
 */
async function ownRows(type: FhirType, own: readonly string[], env: SearchEnv): Promise<Expression<SqlBool>[]> {
  const param = type.searchParams.find((one) => one.name === type.ownPatientsParam);
  if (!param) throw new AppError('FORBIDDEN', `a patient's own account searches no ${type.type} resources`);
  if (own.length === 0) return [sql<SqlBool>`1 = 0`];
  return conditionsOf(param, { [param.name]: [own] }, env);
}

/**
 * One page in id order (ids are time-ordered), after `_cursor`, and the total of all pages. `own`:
 * the patient records of a patient's own account searching, to which the search is kept (and what
 * it includes); undefined for staff and clients.
 */
export async function searchResources(ctx: Pick<Context, 'db' | 'config' | 'caller'>, type: FhirType, revincludes: RevIncludes, input: SearchInput, own?: readonly string[]): Promise<SearchPage> {
  const timeZone = zoneOnce(ctx, input.organizationId);
  const env: SearchEnv = { timeZone };
  const ownOnly = own ? (of: FhirType) => ownRows(of, own, env) : undefined;
  // A patient's own account includes only types it may search as its own (ownRows refuses the others), and of those what its token's scopes allow.
  for (const { asked, resourceType } of typesIncluded(type, revincludes, input)) {
    if (ownOnly) assertScopesInclude(ctx.caller, resourceType, asked);
    else assertMaySearch(ctx.caller, input.organizationId, resourceType, asked);
  }
  const given = (await Promise.all(type.searchParams.map((param) => conditionsOf(param, input, env)))).flat();
  const where = ownOnly ? [...given, ...(await ownOnly(type))] : given;
  const counted = await rowsOf(ctx.db, type, input.organizationId, where)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const count = input._summary === 'count' ? 0 : input._count;
  if (count === 0) return { total: Number(counted.n), count: input._count, items: [], included: [], next: null };

  let page = rowsOf(ctx.db, type, input.organizationId, where).selectAll().orderBy('id').limit(count + 1);
  if (input._cursor !== undefined) page = page.where('id', '>', input._cursor);
  const rows: Record<string, unknown>[] = await page.execute();
  const kept = await completed(ctx.db, type, input.organizationId, rows.slice(0, count));
  const items = await resourcesOf(type, kept, timeZone);
  const scope = { db: ctx.db, organizationId: input.organizationId, timeZone, ...(ownOnly ? { ownOnly } : {}) };
  const included = await includedOf(scope, type, input._include ?? [], kept);
  const revincluded = await revincludedOf(scope, revincludes, input._revinclude ?? [], kept, MAX_REVINCLUDED);
  return {
    total: Number(counted.n),
    count,
    items: input._elements ? items.map((resource) => subsetted(resource, [...type.mandatory, ...input._elements!])) : items,
    included: onceEach([...included, ...revincluded.resources]),
    ...(revincluded.warnings.length === 0 ? {} : { warnings: revincluded.warnings }),
    next: rows.length > count ? String(rows[count - 1]!.id) : null,
  };
}

const SUBSETTED = { system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue', code: 'SUBSETTED', display: 'subsetted' };

/** Only the named top-level elements (and id, resourceType, meta), marked SUBSETTED as the specification asks (https://hl7.org/fhir/R4/search.html#elements). */
export function subsetted(resource: FhirResource, elements: readonly string[]): FhirResource {
  const kept = Object.fromEntries(Object.entries(resource).filter(([name]) => name === 'resourceType' || name === 'id' || elements.includes(name))) as FhirResource;
  const meta = (resource.meta ?? {}) as { tag?: unknown[] };
  return { ...kept, meta: { ...meta, tag: [...(meta.tag ?? []), SUBSETTED] } };
}
