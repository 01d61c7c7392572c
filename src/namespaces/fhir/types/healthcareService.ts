import { sql, type SqlBool } from 'kysely';
import { healthcareServiceResource } from '../fhir.resources.ts';
import { anyOf } from '../search/params.ts';
import { idParam, lastUpdatedParam } from './common.ts';
import { defineFhirType } from './define.ts';

/** The organization's services (docs/fhir.md, "HealthcareService"). */
export const healthcareService = defineFhirType({
  type: 'HealthcareService',
  describes: 'A service the organization offers',
  table: 'services',
  resource: healthcareServiceResource,
  searchParams: [
    idParam,
    {
      name: 'name',
      type: 'string',
      definition: 'http://hl7.org/fhir/SearchParameter/HealthcareService-name',
      documentation: 'Case-insensitive: a part of the name starts with the value; name:contains anywhere; name:exact the whole name, case and all.',
      column: 'name',
    },
    {
      name: 'active',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/HealthcareService-active',
      documentation: 'true (offered) or false (withdrawn).',
      codes: ['true', 'false'],
      where: (codes) => anyOf(codes.map((code) => sql<SqlBool>`${sql.ref('isActive')} = ${sql.lit(code === 'true')}`)),
    },
    lastUpdatedParam,
  ],
});
