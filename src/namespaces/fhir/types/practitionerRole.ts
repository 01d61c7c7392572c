import { practitionerRoleResource } from '../fhir.resources.ts';
import { idParam } from './common.ts';
import { defineFhirType } from './define.ts';
import { membersOf, practitioner } from './practitioner.ts';

/** A membership: the practitioner (the same users record), the organization and the roles held there. */
export const practitionerRole = defineFhirType({
  type: 'PractitionerRole',
  describes: 'A membership of the organization and its roles',
  table: 'users',
  scope: membersOf,
  resource: practitionerRoleResource,
  // A role and its practitioner are the same users record.
  includes: { 'PractitionerRole:practitioner': { target: () => practitioner, column: 'id' } },
  searchParams: [
    idParam,
    {
      name: 'practitioner',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/PractitionerRole-practitioner',
      documentation: 'Practitioner/{id} or the id: the roles of that member.',
      target: 'Practitioner',
      column: 'id',
    },
  ],
});
