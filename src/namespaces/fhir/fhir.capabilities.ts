import { BULK_INSTANTIATES, BULK_OPERATIONS } from './bulk/bulk.capabilities.ts';
import { FHIR_TYPES } from './types/index.ts';

export const FHIR_VERSION = '4.0.1';

/** The CapabilityStatement (GET /fhir/R4/metadata), made from the types declared (types/index.ts). */
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
        documentation: 'Read-only. The organization is named by the X-Organization-Id header on every call but this one. Every search also takes _count (at most 100), _summary=count and _elements.',
        security: {
          service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }], text: 'SMART Backend Services (client credentials, private_key_jwt)' }],
          description: 'A bearer access token of the service (Authorization: Bearer), with a role of the organization that may read the type (docs/fhir.md, "Access"), or a backend client\'s token from POST /fhir/R4/auth/token (SMART Backend Services: GET /fhir/R4/.well-known/smart-configuration; docs/fhir.md, "Authorization").',
        },
        resource: FHIR_TYPES.map((type) => ({
          type: type.type,
          profile: `http://hl7.org/fhir/StructureDefinition/${type.type}`,
          interaction: [{ code: 'read' }, { code: 'search-type' }],
          versioning: 'no-version',
          readHistory: false,
          updateCreate: false,
          ...(Object.keys(type.includes).length === 0 ? {} : { searchInclude: Object.keys(type.includes) }),
          searchParam: type.searchParams.map(({ name, type: kind, definition, documentation }) => ({ name, definition, type: kind, documentation })),
        })),
        operation: BULK_OPERATIONS,
      },
    ],
  };
}
