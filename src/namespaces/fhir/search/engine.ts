import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import type { Context } from '../../../operations/context.ts';
import { AppError } from '../../../values/errors.ts';
import { id } from '../../../values/fields.ts';
import { timeZoneOf } from '../../organizations/organizations.public.ts';
import type { FhirResource } from '../fhir.resources.ts';
import type { FhirType, MappingContext } from '../types/define.ts';
import { allOf, conditionsOf, inputOf, namesOf, repeated, type SearchEnv } from './params.ts';

/**
 * The search of any type (docs/fhir.md, "Search"): its parameters' conditions on the organization's
 * rows, keyset paging by id, `_count`, `_summary=count`, `_elements` and `_include`.
 */

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;
const MAX_ELEMENTS = 30;

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

export type SearchInput = { organizationId: string; _count: number; _cursor?: string; _summary?: 'count' | 'false'; _elements?: string[]; _include?: string[] } & Record<string, unknown>;

/** The operation's input for a type: its parameters by their FHIR names, and the common ones. */
export function searchInputOf(type: FhirType) {
  const includes = Object.keys(type.includes);
  const include = z.string().refine((name) => includes.includes(name), { message: `must be one of ${includes.join(', ')}` });
  return z.object({
    ...Object.assign({}, ...type.searchParams.map(inputOf)),
    ...commonSearchInput,
    ...(includes.length === 0 ? {} : { _include: repeated(include, includes.length, `at most ${includes.length} times`) }),
  } as typeof commonSearchInput & Record<string, z.ZodType>);
}

/** The query parameters a searchset's links carry, in the order the type declares them (then _count). */
export function linkedNames(type: FhirType): string[] {
  const include = Object.keys(type.includes).length === 0 ? [] : ['_include'];
  return [...type.searchParams.flatMap(namesOf), ...include, '_summary', '_elements', '_cursor'];
}

/** The organization's time zone, read once per call and only when something needs it. */
function zoneOnce(ctx: Pick<Context, 'db' | 'config'>, organizationId: string): () => Promise<string> {
  let zone: Promise<string> | undefined;
  return () => (zone ??= timeZoneOf(ctx.db, organizationId, ctx.config.timeZone));
}

async function mappingContext(type: FhirType, timeZone: () => Promise<string>): Promise<MappingContext> {
  return { timeZone: type.zoned ? await timeZone() : 'UTC' };
}

/** The name of a type's `source` query in the search's query (its conditions may refer to its columns by it). */
export const SOURCE = 'source';

export function rowsOf(db: Db, type: FhirType, organizationId: string, where: readonly Expression<SqlBool>[]) {
  const from = type.source ? (db.selectFrom(type.source(db).as(SOURCE)) as unknown as ReturnType<typeof db.selectFrom<'patients'>>) : db.selectFrom(type.table as 'patients');
  const scoped = from.where(type.scope(organizationId));
  return where.length === 0 ? scoped : scoped.where(allOf(where));
}

/** The rows as resources of the type: what they need of other tables read for all of them at once. */
export async function resourcesOf(ctx: Pick<Context, 'db'>, type: FhirType, organizationId: string, rows: readonly Record<string, unknown>[], timeZone: () => Promise<string>): Promise<FhirResource[]> {
  if (rows.length === 0) return [];
  const complete = type.related ? await type.related(ctx.db, organizationId, rows) : rows;
  const mapping = await mappingContext(type, timeZone);
  return complete.map((row) => type.resource(row, mapping));
}

/** One resource of the organization by id, or undefined. */
export async function readResource(ctx: Pick<Context, 'db' | 'config'>, type: FhirType, organizationId: string, resourceId: string): Promise<FhirResource | undefined> {
  const row = await rowsOf(ctx.db, type, organizationId, [sql<SqlBool>`${sql.ref('id')} = ${resourceId}`]).selectAll().executeTakeFirst();
  return row && (await resourcesOf(ctx, type, organizationId, [row], zoneOnce(ctx, organizationId)))[0];
}

export interface SearchPage {
  total: number;
  /** the page size applied (the links carry it) */
  count: number;
  items: FhirResource[];
  /** resources of `_include`, for the page's items */
  included: FhirResource[];
  /** the cursor of the next page; null on the last */
  next: string | null;
}

/**
 * The conditions keeping a search of a patient's own account to its own patient records
 * (docs/fhir.md, "A patient's own account"): the type's ownPatientsParam given those records. A type
 * without one is not the account's to search (nor to include).
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
 * it includes); undefined for staff.
 */
export async function searchResources(ctx: Pick<Context, 'db' | 'config'>, type: FhirType, input: SearchInput, own?: readonly string[]): Promise<SearchPage> {
  const timeZone = zoneOnce(ctx, input.organizationId);
  const env: SearchEnv = { timeZone };
  const given = (await Promise.all(type.searchParams.map((param) => conditionsOf(param, input, env)))).flat();
  const where = own ? [...given, ...(await ownRows(type, own, env))] : given;
  const counted = await rowsOf(ctx.db, type, input.organizationId, where)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const count = input._summary === 'count' ? 0 : input._count;
  if (count === 0) return { total: Number(counted.n), count: input._count, items: [], included: [], next: null };

  let page = rowsOf(ctx.db, type, input.organizationId, where).selectAll().orderBy('id').limit(count + 1);
  if (input._cursor !== undefined) page = page.where('id', '>', input._cursor);
  const rows: Record<string, unknown>[] = await page.execute();
  const kept = rows.slice(0, count);
  const items = await resourcesOf(ctx, type, input.organizationId, kept, timeZone);
  return {
    total: Number(counted.n),
    count,
    items: input._elements ? items.map((resource) => subsetted(resource, [...type.mandatory, ...input._elements!])) : items,
    included: await includedOf(ctx, type, input, kept, { timeZone, own }),
    next: rows.length > count ? String(kept.at(-1)!.id) : null,
  };
}

/** The resources `_include` names for the page's rows: one query per type included, not per row. */
async function includedOf(ctx: Pick<Context, 'db' | 'config'>, type: FhirType, input: SearchInput, rows: readonly Record<string, unknown>[], { timeZone, own }: { timeZone: () => Promise<string>; own: readonly string[] | undefined }): Promise<FhirResource[]> {
  const included: FhirResource[] = [];
  for (const name of new Set(input._include ?? [])) {
    const { target, column } = type.includes[name]!;
    const targetType = target();
    const ownOnly = own ? await ownRows(targetType, own, { timeZone }) : [];
    const ids = [...new Set(rows.map((row) => row[column]).filter((value): value is string => typeof value === 'string' && value !== ''))];
    if (ids.length === 0) continue;
    const found = await rowsOf(ctx.db, targetType, input.organizationId, [sql<SqlBool>`${sql.ref('id')} in (${sql.join(ids)})`, ...ownOnly]).selectAll().orderBy('id').execute();
    for (const resource of await resourcesOf(ctx, targetType, input.organizationId, found, timeZone)) {
      if (!included.some((seen) => seen.resourceType === resource.resourceType && seen.id === resource.id)) included.push(resource);
    }
  }
  return included;
}

const SUBSETTED = { system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue', code: 'SUBSETTED', display: 'subsetted' };

/** Only the named top-level elements (and id, resourceType, meta), marked SUBSETTED as the specification asks (https://hl7.org/fhir/R4/search.html#elements). */
export function subsetted(resource: FhirResource, elements: readonly string[]): FhirResource {
  const kept = Object.fromEntries(Object.entries(resource).filter(([name]) => name === 'resourceType' || name === 'id' || elements.includes(name))) as FhirResource;
  const meta = (resource.meta ?? {}) as { tag?: unknown[] };
  return { ...kept, meta: { ...meta, tag: [...(meta.tag ?? []), SUBSETTED] } };
}
