import { sql, type SqlBool } from 'kysely';
import { organizationResource } from '../fhir.resources.ts';
import { idParam } from './common.ts';
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
  ],
});
