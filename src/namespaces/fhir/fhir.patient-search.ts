import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { likeLiteral } from '../../db/text-search.ts';
import { id } from '../../values/fields.ts';
import { normalizeMobileNumber } from '../auth/auth.public.ts';
import { patientResource, STORED_GENDERS, type AdministrativeGender, type FhirResource } from './fhir.resources.ts';

/**
 * The search of Patient (docs/fhir.md, "Search"): the parameters, as the CapabilityStatement
 * names them, and the query they make. A value with commas is any of its parts (FHIR's OR);
 * a parameter given twice (birthdate) is both (AND).
 */
export const PATIENT_SEARCH_PARAMS = [
  { name: '_id', type: 'token', definition: 'http://hl7.org/fhir/SearchParameter/Resource-id', documentation: 'The id; several separated by commas.' },
  { name: 'name', type: 'string', definition: 'http://hl7.org/fhir/SearchParameter/Patient-name', documentation: 'Case-insensitive: a part of the name starts with the value (FHIR\'s default); name:contains anywhere in the name; name:exact the whole name, case and all.' },
  { name: 'birthdate', type: 'date', definition: 'http://hl7.org/fhir/SearchParameter/individual-birthdate', documentation: 'A date (YYYY, YYYY-MM or YYYY-MM-DD) with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply (a range).' },
  { name: 'gender', type: 'token', definition: 'http://hl7.org/fhir/SearchParameter/individual-gender', documentation: 'male, female, other or unknown (administrative-gender), optionally with its system.' },
  { name: 'phone', type: 'token', definition: 'http://hl7.org/fhir/SearchParameter/individual-phone', documentation: 'The mobile number, compared after removing spaces, dashes, dots and brackets.' },
] as const;

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;
const MAX_ALTERNATIVES = 20;

const value = () => z.string().trim().min(1, 'must not be empty').max(200);
const alternatives = (check: (part: string) => string | undefined) =>
  value().transform((text, ctx) => {
    const parts = text.split(',').map((part) => part.trim());
    if (parts.length > MAX_ALTERNATIVES) ctx.issues.push({ code: 'custom', message: `at most ${MAX_ALTERNATIVES} values separated by commas`, input: text });
    for (const part of parts) {
      const problem = check(part);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: text });
    }
    return parts;
  });

const GENDER_SYSTEM = 'http://hl7.org/fhir/administrative-gender|';
const GENDER_CODES = ['male', 'female', 'other', 'unknown'] as const;
const genderCode = (part: string) => (part.startsWith(GENDER_SYSTEM) ? part.slice(GENDER_SYSTEM.length) : part);

/** A birthdate value: its prefix and the first and last day the date stands for. */
export interface DateBound {
  prefix: 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le' | 'sa' | 'eb';
  first: string;
  last: string;
}

const DATE_VALUE = /^(eq|ne|gt|lt|ge|le|sa|eb)?(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

function dateBound(text: string): DateBound | undefined {
  const match = DATE_VALUE.exec(text);
  if (!match) return undefined;
  const [, prefix = 'eq', year, month, day] = match;
  const y = Number(year);
  const lastDay = (m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  if (month === undefined) return { prefix: prefix as DateBound['prefix'], first: `${year}-01-01`, last: `${year}-12-31` };
  const m = Number(month);
  if (m < 1 || m > 12) return undefined;
  if (day === undefined) return { prefix: prefix as DateBound['prefix'], first: `${year}-${month}-01`, last: `${year}-${month}-${pad(lastDay(m))}` };
  if (Number(day) < 1 || Number(day) > lastDay(m)) return undefined;
  return { prefix: prefix as DateBound['prefix'], first: `${year}-${month}-${day}`, last: `${year}-${month}-${day}` };
}

const birthdate = value().transform((text, ctx) => dateBound(text) ?? (ctx.issues.push({ code: 'custom', message: 'must be a date YYYY, YYYY-MM or YYYY-MM-DD, with a prefix eq, ne, gt, lt, ge, le, sa or eb', input: text }), z.NEVER));

/** The operation's input: the search parameters by their FHIR names, the organization from X-Organization-Id. */
export const patientSearchInput = z.object({
  organizationId: id(),
  _id: alternatives((part) => (part.length > 64 ? 'an id has at most 64 characters' : undefined)).optional(),
  name: alternatives(() => undefined).optional(),
  'name:contains': alternatives(() => undefined).optional(),
  'name:exact': alternatives(() => undefined).optional(),
  birthdate: z.union([birthdate.transform((bound) => [bound]), z.array(birthdate).min(1).max(2, 'at most twice (a range)')]).optional(),
  gender: alternatives((part) => ((GENDER_CODES as readonly string[]).includes(genderCode(part)) ? undefined : `${part} is not one of ${GENDER_CODES.join(', ')}`))
    .transform((parts) => parts.map((part) => genderCode(part) as AdministrativeGender))
    .optional(),
  phone: alternatives((part) => (normalizeMobileNumber(part) ? undefined : `${part} is not a phone number`))
    .transform((parts) => parts.map((part) => normalizeMobileNumber(part)!))
    .optional(),
  _count: z
    .union([z.int().min(0), z.string().max(9).regex(/^\d{1,9}$/, 'must be a whole number').transform(Number)])
    .transform((count) => Math.min(count, MAX_COUNT))
    .default(DEFAULT_COUNT),
  /** the id after which the page starts (keyset paging): the `next` link carries it */
  _cursor: id().optional(),
});
export type PatientSearch = z.output<typeof patientSearchInput>;

type Where = ExpressionBuilder<Database, 'patients'>;
const anyOf = (eb: Where, parts: readonly Expression<SqlBool>[]) => eb.or([...parts]);
const lowerName = sql<string>`lower(${sql.ref('name')})`;

function nameStartsWith(text: string): Expression<SqlBool> {
  const literal = likeLiteral(text.toLowerCase());
  return sql<SqlBool>`(${lowerName} like ${`${literal}%`} escape '\\' or ${lowerName} like ${`% ${literal}%`} escape '\\')`;
}

function genderIs(eb: Where, code: AdministrativeGender): Expression<SqlBool> {
  const stored = sql<string>`lower(${sql.ref('gender')})`;
  if (code !== 'other') return eb(stored, 'in', [...STORED_GENDERS[code]]);
  const known = Object.values(STORED_GENDERS).flat();
  return eb.and([eb('gender', 'is not', null), eb(sql<string>`trim(${sql.ref('gender')})`, '<>', ''), eb(stored, 'not in', known)]);
}

function birthdateIs(eb: Where, { prefix, first, last }: DateBound): Expression<SqlBool> {
  switch (prefix) {
    case 'eq':
      return eb.and([eb('dob', '>=', first), eb('dob', '<=', last)]);
    case 'ne':
      return eb.or([eb('dob', '<', first), eb('dob', '>', last)]);
    case 'gt':
    case 'sa':
      return eb('dob', '>', last);
    case 'lt':
    case 'eb':
      return eb('dob', '<', first);
    case 'ge':
      return eb('dob', '>=', first);
    case 'le':
      return eb('dob', '<=', last);
  }
}

/** The organization's patients the parameters select (every parameter given must hold). */
function matching(db: Db, search: PatientSearch) {
  return db
    .selectFrom('patients')
    .where('organizationId', '=', search.organizationId)
    .where((eb) => {
      const all: Expression<SqlBool>[] = [];
      if (search._id) all.push(eb('id', 'in', search._id));
      if (search.name) all.push(anyOf(eb, search.name.map(nameStartsWith)));
      if (search['name:contains']) all.push(anyOf(eb, search['name:contains'].map((text) => sql<SqlBool>`${lowerName} like ${`%${likeLiteral(text.toLowerCase())}%`} escape '\\'`)));
      if (search['name:exact']) all.push(eb('name', 'in', search['name:exact']));
      for (const bound of search.birthdate ?? []) all.push(birthdateIs(eb, bound));
      if (search.gender) all.push(anyOf(eb, search.gender.map((code) => genderIs(eb, code))));
      if (search.phone) all.push(eb('mobileNumber', 'in', search.phone));
      return eb.and(all);
    });
}

export interface PatientPage {
  total: number;
  items: FhirResource<'Patient'>[];
  /** the cursor of the next page; null on the last */
  next: string | null;
}

/** One page in id order (ids are time-ordered UUIDv7), after `_cursor`, and the total of all pages. */
export async function searchPatients(db: Db, search: PatientSearch): Promise<PatientPage> {
  const counted = await matching(db, search).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  let page = matching(db, search).selectAll().orderBy('id').limit(search._count + 1);
  if (search._cursor !== undefined) page = page.where('id', '>', search._cursor);
  const rows = search._count === 0 ? [] : await page.execute();
  const items = rows.slice(0, search._count).map(patientResource);
  return { total: Number(counted.n), items, next: rows.length > search._count ? items.at(-1)!.id : null };
}
