import { BULK_INSTANTIATES, BULK_OPERATIONS } from './bulk/bulk.capabilities.ts';
import { MAX_REVINCLUDED } from './search/engine.ts';
import { SERVED_TYPES } from './served.ts';
import { FHIR_WRITES } from './writes/interactions.ts';

export const FHIR_VERSION = '4.0.1';

/** A type's entry: read and search where it is served, and the writes and operations it takes. */
function resourceEntry(name: string) {
  const served = SERVED_TYPES.find((type) => type.type === name);
  const writes = FHIR_WRITES.filter((write) => write.type === name && !write.interaction.startsWith('$'));
  const operations = FHIR_WRITES.filter((write) => write.type === name && write.interaction.startsWith('$'));
  return {
    type: name,
    profile: `http://hl7.org/fhir/StructureDefinition/${name}`,
    interaction: [
      ...(served ? [{ code: 'read' }, { code: 'search-type' }] : []),
      ...writes.map(({ interaction, documentation }) => ({ code: interaction, documentation })),
    ],
    versioning: 'no-version',
    readHistory: false,
    updateCreate: false,
    ...(served && served.searchInclude.length > 0 ? { searchInclude: served.searchInclude } : {}),
    ...(served && served.searchRevInclude.length > 0 ? { searchRevInclude: served.searchRevInclude } : {}),
    ...(served && served.searchParams.length > 0
      ? { searchParam: served.searchParams.map(({ name: param, type, definition, documentation }) => ({ name: param, definition, type, documentation })) }
      : {}),
    ...(operations.length > 0 ? { operation: operations.map(({ interaction, definition, documentation }) => ({ name: interaction.slice(1), definition, documentation })) } : {}),
  };
}

/** The CapabilityStatement (GET /fhir/R4/metadata), made from the types served (served.ts) and the writes taken (writes/interactions.ts). */
export function capabilityStatement(date: string) {
  const names = [...new Set([...SERVED_TYPES.map((type) => type.type), ...FHIR_WRITES.map((write) => write.type)])];
  return {
    resourceType: 'CapabilityStatement' as const,
    status: 'active',
    date,
    publisher: 'healthops',
    kind: 'instance',
    instantiates: BULK_INSTANTIATES,
    software: { name: 'healthops' },
    implementation: { description: 'healthops FHIR R4 API: read and search, booking and cancelling appointments, creating patients, under the service\'s access rules' },
    fhirVersion: FHIR_VERSION,
    format: ['json'],
    patchFormat: ['application/json-patch+json'],
    rest: [
      {
        mode: 'server',
        documentation: `Read-only but for the create, patch and $cancel interactions listed (each made by the RPC operation that makes it). The organization is named by the X-Organization-Id header on every call but this one. Every search also takes _count (at most 100) and _summary=count; those of stored types _elements and the _revinclude values listed too (at most ${MAX_REVINCLUDED} resources revincluded a page; an OperationOutcome entry of search mode outcome says what a page left out).`,
        security: {
          service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }], text: 'SMART Backend Services (client credentials, private_key_jwt); user/ and patient/ scopes by token exchange (RFC 8693)' }],
          description: 'A bearer access token of the service (Authorization: Bearer), with a role of the organization that may read the type or make the write (docs/fhir.md, "Access"; Slot read and search are public), a backend client\'s token from POST /fhir/R4/auth/token (SMART Backend Services: GET /fhir/R4/.well-known/smart-configuration; docs/fhir.md, "Authorization"), or a user\'s token narrowed there to user/ or patient/ read scopes by a token exchange (docs/fhir.md, "Apps acting for a person").',
        },
        resource: names.map(resourceEntry),
        operation: BULK_OPERATIONS,
      },
    ],
  };
}
