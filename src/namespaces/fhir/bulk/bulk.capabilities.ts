import { typesAt } from './bulk.types.ts';

/** What the CapabilityStatement says of Bulk Data export (docs/fhir.md, "Bulk Data export"). */
const IG = 'http://hl7.org/fhir/uv/bulkdata';

/** The IG's CapabilityStatement this server instantiates. */
export const BULK_INSTANTIATES = [`${IG}/CapabilityStatement/bulk-data`];

const named = (level: 'system' | 'patient') => typesAt(level).map((type) => type.type).join(', ');

/** The kick-offs, as operations of the server (CapabilityStatement.rest.operation), each naming the types it exports. */
export const BULK_OPERATIONS = [
  { name: 'export', definition: `${IG}/OperationDefinition/export`, documentation: `GET or POST /$export with Prefer: respond-async (admins of the organization): ${named('system')}; _type, _since, _typeFilter.` },
  { name: 'patient-export', definition: `${IG}/OperationDefinition/patient-export`, documentation: `GET or POST /Patient/$export: the Patient compartment, ${named('patient')}.` },
  { name: 'group-export', definition: `${IG}/OperationDefinition/group-export`, documentation: `GET or POST /Group/{organization id}/$export: the group of the organization's patients, ${named('patient')}.` },
];
