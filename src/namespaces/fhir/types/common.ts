import { sql, type Expression, type SqlBool } from 'kysely';
import { anyOf, inColumn, type DateParam, type ReferenceParam, type StringParam, type TokenParam } from '../search/params.ts';

/** The parameters many types share. */

/** A text (or null) as a column of a `source` query: what the rows of one of its tables all hold (Location's type, Encounter's class). */
export const literalColumn = (value: string | null) => sql<string | null>`${value === null ? sql`null` : sql.lit(value)}`;

export const idParam: TokenParam = {
  name: '_id',
  type: 'token',
  definition: 'http://hl7.org/fhir/SearchParameter/Resource-id',
  documentation: 'The id; several separated by commas.',
  check: (code) => (code.length > 64 ? 'an id has at most 64 characters' : undefined),
  where: inColumn('id'),
};

export const lastUpdatedParam: DateParam = {
  name: '_lastUpdated',
  type: 'date',
  definition: 'http://hl7.org/fhir/SearchParameter/Resource-lastUpdated',
  documentation: 'When the record last changed (meta.lastUpdated): a date (the organization\'s day) or an instant (YYYY-MM-DDThh:mm[:ss]Z or with an offset), with a prefix eq (default), ne, gt, lt, ge, le, sa or eb; given twice, both apply.',
  column: sql.ref('updatedAt'),
  space: 'instant',
};

/**
 * `patient` of a type whose rows name their patient in `patientId`: `Patient/{id}` or the id, several
 * by commas. `definition` is the R4 SearchParameter it is (`clinical-patient`, `<Type>-patient`);
 * `what` says what of those patients it finds.
 */
export const patientParam = (definition: string, what: string): ReferenceParam => ({
  name: 'patient',
  type: 'reference',
  definition,
  documentation: `Patient/{id} or the id: ${what}.`,
  target: 'Patient',
  column: 'patientId',
});

/** `code` of a stock item (Medication, MedicationKnowledge): the text of its code, the item's name, read as a string. */
export const codeTextParam = (definition: string): StringParam => ({
  name: 'code',
  type: 'string',
  definition,
  documentation: 'The text of the code (the item\'s name), as the :text modifier reads it: case-insensitive, a part of the name starts with the value; code:contains anywhere; code:exact the whole name, case and all.',
  column: 'itemName',
});

/**
 * The condition of a `status` token on a stored stage column: the stages `statuses` maps to one of
 * the codes; `otherwise` is the code of every stage the map does not name.
 */
export function stageIn(column: string, statuses: Readonly<Record<string, string>>, otherwise: string) {
  return (codes: readonly string[]): Expression<SqlBool> => {
    const mapped = Object.keys(statuses);
    const stages = mapped.filter((stage) => codes.includes(statuses[stage]!));
    const parts = [
      ...(stages.length > 0 ? [sql<SqlBool>`${sql.ref(column)} in (${sql.join(stages)})`] : []),
      ...(codes.includes(otherwise) ? [sql<SqlBool>`${sql.ref(column)} not in (${sql.join(mapped)})`] : []),
    ];
    return parts.length === 0 ? sql<SqlBool>`1 = 0` : anyOf(parts);
  };
}

/**
 * `identifier` of a type whose resources carry one identifier of `system`, held in `column`:
 * `value`, `system|value`, or `system|` (every resource that has one).
 */
export const identifierParam = (definition: string, system: string, column: string, what: string): TokenParam => ({
  name: 'identifier',
  type: 'token',
  definition,
  documentation: `${what}, optionally with its system ${system}; ${system}| finds every one that has one.`,
  system,
  where: (values) => {
    const given = values.filter((one) => one !== '');
    const parts = [
      ...(given.length > 0 ? [inColumn(column)(given)] : []),
      ...(given.length < values.length ? [sql<SqlBool>`(${sql.ref(column)} is not null and ${sql.ref(column)} <> '')`] : []),
    ];
    return anyOf(parts);
  },
});
