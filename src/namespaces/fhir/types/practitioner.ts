import { sql, type SqlBool } from 'kysely';
import { practitionerResource } from '../fhir.resources.ts';
import { idParam, lastUpdatedParam } from './common.ts';
import { defineFhirType } from './define.ts';

/**
 * The members of the organization: its users records whose invitation was accepted (an invitation
 * still pending binds no one: docs/contract.md, "Consent"), whatever their roles. A person in two
 * organizations is a Practitioner in each (the record's id), as appointments and admissions refer to them.
 */
export const membersOf = (organizationId: string) => sql<SqlBool>`(${sql.ref('organizationId')} = ${organizationId} and ${sql.ref('invitationStatus')} = 'accepted')`;

export const practitioner = defineFhirType({
  type: 'Practitioner',
  describes: 'A member of the organization (doctor or staff)',
  table: 'users',
  scope: membersOf,
  resource: practitionerResource,
  searchParams: [
    idParam,
    {
      name: 'name',
      type: 'string',
      definition: 'http://hl7.org/fhir/SearchParameter/Practitioner-name',
      documentation: 'The display name, case-insensitive: a part of it starts with the value; name:contains anywhere; name:exact the whole name, case and all.',
      column: 'displayName',
    },
    lastUpdatedParam,
  ],
});
