import { sql, type SqlBool } from 'kysely';
import { organizationResource, SLUG_SYSTEM } from '../fhir.resources.ts';
import { identifierParam, idParam } from './common.ts';
import { defineFhirType } from './define.ts';

/** The caller's organization itself (the one X-Organization-Id names): the only Organization it reaches. */
export const organization = defineFhirType({
  type: 'Organization',
  describes: 'The organization',
  table: 'organizations',
  scope: (organizationId) => sql<SqlBool>`${sql.ref('id')} = ${organizationId}`,
  resource: organizationResource,
  searchParams: [
    idParam,
    {
      name: 'name',
      type: 'string',
      definition: 'http://hl7.org/fhir/SearchParameter/Organization-name',
      documentation: 'Case-insensitive: a part of the name starts with the value; name:contains anywhere; name:exact the whole name, case and all.',
      column: 'name',
    },
    identifierParam('http://hl7.org/fhir/SearchParameter/Organization-identifier', SLUG_SYSTEM, 'slug', 'The slug (its short name in the service\'s URLs)'),
  ],
});
