import { BULK_INSTANTIATES, BULK_OPERATIONS } from './bulk/bulk.capabilities.ts';
import { PATIENT_SEARCH_PARAMS } from './fhir.patient-search.ts';

/** What /fhir/R4 implements, by resource type: the routes and the CapabilityStatement both follow it. */
export const IMPLEMENTED = [{ type: 'Patient', interactions: ['read', 'search-type'], searchParams: PATIENT_SEARCH_PARAMS }] as const;

export const FHIR_VERSION = '4.0.1';

/** The CapabilityStatement (GET /fhir/R4/metadata), made from IMPLEMENTED. */
export function capabilityStatement(date: string) {
  return {
    resourceType: 'CapabilityStatement' as const,
    status: 'active',
    date,
    publisher: 'healthops',
    kind: 'instance',
    instantiates: BULK_INSTANTIATES,
    software: { name: 'healthops' },
    implementation: { description: 'healthops FHIR R4 API: read and search, under the service\'s access rules' },
    fhirVersion: FHIR_VERSION,
    format: ['json'],
    rest: [
      {
        mode: 'server',
        documentation: 'Read-only. The organization is named by the X-Organization-Id header on every call but this one.',
        security: { description: 'A bearer access token of the service (Authorization: Bearer), with a role of the organization that may read patients.' },
        resource: IMPLEMENTED.map((resource) => ({
          type: resource.type,
          profile: `http://hl7.org/fhir/StructureDefinition/${resource.type}`,
          interaction: resource.interactions.map((code) => ({ code })),
          versioning: 'no-version',
          readHistory: false,
          updateCreate: false,
          searchParam: resource.searchParams.map(({ name, type, definition, documentation }) => ({ name, definition, type, documentation })),
        })),
        operation: BULK_OPERATIONS,
      },
    ],
  };
}
