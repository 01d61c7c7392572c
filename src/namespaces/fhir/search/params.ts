import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { likeLiteral } from '../../../db/text-search.ts';
import { dateRange, parseDateValue, type DateSpace, type DateValue } from './dates.ts';

/**
 * The search parameters a FHIR type declares (docs/fhir.md, "Search"), by kind: how a value is
 * read (the operation's input schema) and the SQL condition it makes. A value with commas is any of
 * its parts (FHIR's OR); a parameter given more than once is all of them (AND).
 */

interface Described {
  name: string;
  /** the SearchParameter of the specification it implements (the CapabilityStatement names it) */
  definition: string;
  documentation: string;
}

/** `code` or `system|code`; `codes`: the only codes taken (anything else is 400). */
export interface TokenParam extends Described {
  type: 'token';
  system?: string;
  codes?: readonly string[];
  /** a problem with one code (400), if any */
  check?(code: string): string | undefined;
  /** the code as compared (after check passed) */
  normalize?(code: string): string;
  where(codes: readonly string[]): Expression<SqlBool>;
}

/** Case-insensitive: a word of the column starts with the value; `:contains` anywhere; `:exact` the whole text, case and all. */
export interface StringParam extends Described {
  type: 'string';
  column: string;
}

/** A date (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`, and instants where the column holds instants) with a prefix. */
export interface DateParam extends Described {
  type: 'date';
  column: RawBuilder<unknown>;
  space: DateSpace;
}

/** `Type/id` or the bare id of a resource of `target` (`Any`: of any type). */
export interface ReferenceParam extends Described {
  type: 'reference';
  target: string;
  /** the column holding the id referred to */
  column: string;
  /** the condition, where the id is not the row's own column (a record reached through another table) */
  where?(ids: readonly string[]): Expression<SqlBool>;
}

export type SearchParam = TokenParam | StringParam | DateParam | ReferenceParam;

/** What a condition may need besides the value: the organization's time zone, for dates. */
export interface SearchEnv {
  timeZone(): Promise<string>;
}

const MAX_ALTERNATIVES = 20;
/** How often one parameter may be given (AND); a date twice makes a range. */
const MAX_REPEATS = 4;
const MAX_DATE_REPEATS = 2;

const value = () => z.string().trim().min(1, 'must not be empty').max(200);

/** A value with commas as its parts, each checked. */
const alternatives = (check: (part: string) => string | undefined) =>
  value().transform((text, ctx) => {
    const parts = text.split(',').map((part) => part.trim());
    if (parts.length > MAX_ALTERNATIVES) ctx.issues.push({ code: 'custom', message: `at most ${MAX_ALTERNATIVES} values separated by commas`, input: text });
    for (const part of parts) {
      const problem = part === '' ? 'an empty value between commas' : check(part);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: text });
    }
    return parts;
  });

/** Given once (a string) or more (a list): always a list of what `one` reads, its problems named as they are. */
export function repeated<T extends z.ZodType>(one: T, max: number, message: string) {
  return z
    .union([value(), z.array(value()).min(1).max(max, message)])
    .transform((given, ctx) => {
      const parsed: z.output<T>[] = [];
      for (const text of typeof given === 'string' ? [given] : given) {
        const read = one.safeParse(text);
        if (read.success) parsed.push(read.data);
        else for (const issue of read.error.issues) ctx.issues.push({ code: 'custom', message: issue.message, input: text });
      }
      return parsed;
    })
    .optional();
}

const and = (parts: readonly Expression<SqlBool>[]): Expression<SqlBool> => (parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` and `)})`);
const or = (parts: readonly Expression<SqlBool>[]): Expression<SqlBool> => (parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` or `)})`);

/** `column in (values)`, the condition of most tokens. */
export const inColumn = (column: string) => (values: readonly string[]) => sql<SqlBool>`${sql.ref(column)} in (${sql.join(values)})`;

function tokenCode(param: TokenParam, part: string): { code: string } | { problem: string } {
  let code = part;
  const bar = part.lastIndexOf('|');
  if (bar >= 0) {
    const system = part.slice(0, bar);
    code = part.slice(bar + 1);
    if (param.system === undefined || system !== param.system) return { problem: `${part}: the system must be ${param.system ?? 'left out'}` };
  }
  if (param.codes && !param.codes.includes(code)) return { problem: `${part} is not one of ${param.codes.join(', ')}` };
  const problem = param.check?.(code);
  return problem ? { problem } : { code: param.normalize ? param.normalize(code) : code };
}

function tokenSchema(param: TokenParam) {
  return alternatives((part) => {
    const read = tokenCode(param, part);
    return 'problem' in read ? read.problem : undefined;
  }).transform((parts) => parts.map((part) => (tokenCode(param, part) as { code: string }).code));
}

/** A reference of any type (`target` `Any`): `{Type}/{id}` of any type, or the id. */
const ANY_TYPE = /^[A-Z][A-Za-z]{0,63}\//;

function referenceSchema(param: ReferenceParam) {
  const prefix = `${param.target}/`;
  const idOf = (part: string) => (param.target === 'Any' ? part.replace(ANY_TYPE, '') : part.startsWith(prefix) ? part.slice(prefix.length) : part);
  return alternatives((part) => {
    const id = idOf(part);
    if (id.includes('/')) return `${part}: must be ${param.target}/{id} or the id`;
    return id.length === 0 || id.length > 64 ? `${part}: an id has 1 to 64 characters` : undefined;
  }).transform((parts) => parts.map(idOf));
}

const dateSchema = (param: DateParam) =>
  value().transform((text, ctx): DateValue => {
    const parsed = parseDateValue(text, param.space === 'instant');
    if (parsed) return parsed;
    const instants = param.space === 'instant' ? ', or an instant YYYY-MM-DDThh:mm[:ss]Z (or with an offset)' : '';
    ctx.issues.push({ code: 'custom', message: `must be a date YYYY, YYYY-MM or YYYY-MM-DD${instants}, with a prefix eq, ne, gt, lt, ge, le, sa or eb`, input: text });
    return z.NEVER;
  });

/** The keys a parameter adds to the operation's input (a string parameter's modifiers are keys of their own). */
export function inputOf(param: SearchParam): Record<string, z.ZodType> {
  const repeats = `at most ${MAX_REPEATS} times`;
  switch (param.type) {
    case 'token':
      return { [param.name]: repeated(tokenSchema(param), MAX_REPEATS, repeats) };
    case 'reference':
      return { [param.name]: repeated(referenceSchema(param), MAX_REPEATS, repeats) };
    case 'string': {
      const text = repeated(alternatives(() => undefined), MAX_REPEATS, repeats);
      return { [param.name]: text, [`${param.name}:contains`]: text, [`${param.name}:exact`]: text };
    }
    case 'date':
      return { [param.name]: repeated(dateSchema(param), MAX_DATE_REPEATS, `at most ${MAX_DATE_REPEATS} times (a range)`) };
  }
}

/** The names a parameter is given by in a query (the self and next links list them in this order). */
export function namesOf(param: SearchParam): string[] {
  return param.type === 'string' ? [param.name, `${param.name}:contains`, `${param.name}:exact`] : [param.name];
}

const lower = (column: string) => sql<string>`lower(${sql.ref(column)})`;

function startsWithWord(column: string, text: string): Expression<SqlBool> {
  const literal = likeLiteral(text.toLowerCase());
  return sql<SqlBool>`(${lower(column)} like ${`${literal}%`} escape '\\' or ${lower(column)} like ${`% ${literal}%`} escape '\\')`;
}

function dateCondition(column: RawBuilder<unknown>, prefix: DateValue['prefix'], [low, high]: readonly [number | string, number | string]): Expression<SqlBool> {
  switch (prefix) {
    case 'eq':
      return sql<SqlBool>`(${column} >= ${low} and ${column} <= ${high})`;
    case 'ne':
      return sql<SqlBool>`(${column} < ${low} or ${column} > ${high})`;
    case 'gt':
    case 'sa':
      return sql<SqlBool>`${column} > ${high}`;
    case 'lt':
    case 'eb':
      return sql<SqlBool>`${column} < ${low}`;
    case 'ge':
      return sql<SqlBool>`${column} >= ${low}`;
    case 'le':
      return sql<SqlBool>`${column} <= ${high}`;
  }
}

/** The conditions one parameter's parsed input makes (all must hold). */
export async function conditionsOf(param: SearchParam, input: Record<string, unknown>, env: SearchEnv): Promise<Expression<SqlBool>[]> {
  const given = (key: string) => (input[key] as readonly unknown[] | undefined) ?? [];
  switch (param.type) {
    case 'token':
      return given(param.name).map((codes) => param.where(codes as string[]));
    case 'reference':
      return given(param.name).map((ids) => (param.where ?? inColumn(param.column))(ids as string[]));
    case 'string': {
      const contains = (text: string) => sql<SqlBool>`${lower(param.column)} like ${`%${likeLiteral(text.toLowerCase())}%`} escape '\\'`;
      return [
        ...given(param.name).map((texts) => or((texts as string[]).map((text) => startsWithWord(param.column, text)))),
        ...given(`${param.name}:contains`).map((texts) => or((texts as string[]).map(contains))),
        ...given(`${param.name}:exact`).map((texts) => inColumn(param.column)(texts as string[])),
      ];
    }
    case 'date': {
      const values = given(param.name) as DateValue[];
      if (values.length === 0) return [];
      const timeZone = param.space === 'instant' ? await env.timeZone() : 'UTC';
      return values.map((date) => dateCondition(param.column, date.prefix, dateRange(date, param.space, timeZone)));
    }
  }
}

export { and as allOf, or as anyOf };
