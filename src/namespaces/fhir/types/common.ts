import { sql } from 'kysely';
import { inColumn, type DateParam, type TokenParam } from '../search/params.ts';

/** The parameters many types share. */

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
