import { MAX_REVINCLUDED } from './search/engine.ts';
import { SERVED_TYPES } from './served.ts';
import { FHIR_WRITES } from './writes/interactions.ts';

/**
 * The FHIR R4 endpoints as /openapi.json paths, so that /docs lists them beside POST /api (tag
 * "FHIR R4"). Their resources are described by FHIR itself (the CapabilityStatement at
 * /fhir/R4/metadata, docs/fhir.md), not restated as schemas here.
 */

export const FHIR_TAG = { name: 'FHIR R4', description: 'The FHIR R4 API over the same records and access rules (docs/fhir.md): read, search, the CapabilityStatement, booking, cancelling and creating Patients' };

const types = SERVED_TYPES.map((type) => type.type);
const fhirJson = (description: string) => ({ description, content: { 'application/fhir+json': { schema: { type: 'object', description } } } });
const outcome = fhirJson('an OperationOutcome saying what went wrong (400 bad parameters or no X-Organization-Id, 401, 403, 404, 406, 409, 415, 422, 429)');
const typeParam = { name: 'type', in: 'path', required: true, schema: { type: 'string', enum: types }, description: 'the resource type' };
const organization = { name: 'X-Organization-Id', in: 'header', required: true, schema: { type: 'string' }, description: 'the organization the call concerns (docs/fhir.md, "Tenancy")' };
const exportId = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'the export, as its Content-Location names it' };
const member = 'A bearer token of a member of the organization with a role that reads the type (docs/fhir.md, "Access"); Slot read and search are public.';
const writer = 'A bearer token with a role of the RPC operation that makes the write (docs/fhir.md, "Writes").';
const typesOf = (interaction: string) => FHIR_WRITES.filter((write) => write.interaction === interaction).map((write) => write.type);
const resourceBody = (description: string) => ({ required: true, content: { 'application/fhir+json': { schema: { type: 'object', description } } } });

interface Endpoint {
  method: 'get' | 'post' | 'delete' | 'patch';
  path: string;
  summary: string;
  description: string;
  parameters?: unknown[];
  requestBody?: unknown;
  ok: unknown;
  /** the status of a success, when not 200 */
  status?: '201' | '202';
  open?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/fhir/R4/metadata', summary: 'The CapabilityStatement', description: 'What the FHIR API implements, made from the types declared. Public.', ok: fhirJson('a CapabilityStatement'), open: true },
  {
    method: 'get',
    path: '/fhir/R4/{type}/{id}',
    summary: 'Read a resource',
    description: `One resource of the organization by id; another organization's is 404. ${member}`,
    parameters: [typeParam, { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 64 } }, organization],
    ok: fhirJson('the resource'),
  },
  {
    method: 'get',
    path: '/fhir/R4/{type}',
    summary: 'Search a type',
    description: `A searchset Bundle of the organization's resources: the type's search parameters (the CapabilityStatement lists them), _count (at most 100), _summary=count, _elements, _include, _revinclude (at most ${MAX_REVINCLUDED} resources a page); keyset paging by the next link. ${member}`,
    parameters: [typeParam, organization],
    ok: fhirJson('a searchset Bundle'),
  },
  {
    method: 'post',
    path: '/fhir/R4/{type}/_search',
    summary: 'Search a type (parameters in a form body)',
    description: `As GET /fhir/R4/{type}, the parameters in an application/x-www-form-urlencoded body (and the URL). ${member}`,
    parameters: [typeParam, organization],
    requestBody: { required: false, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', additionalProperties: { type: 'string' } } } } },
    ok: fhirJson('a searchset Bundle'),
  },
  {
    method: 'post',
    path: '/fhir/R4/{type}',
    summary: 'Create a resource (book an Appointment, create a Patient)',
    description: `201 with Location and the resource made by the RPC operation (an Appointment for a free Slot: appointments.create, 409 when taken; a Patient: patients.create). ${writer}`,
    parameters: [{ ...typeParam, schema: { type: 'string', enum: typesOf('create') } }, organization],
    requestBody: resourceBody('the resource'),
    ok: fhirJson('the resource created'),
    status: '201',
  },
  {
    method: 'patch',
    path: '/fhir/R4/{type}/{id}',
    summary: 'Cancel an Appointment by a JSON Patch',
    description: `A JSON Patch (application/json-patch+json) replacing /status with cancelled and adding /cancelationReason: appointments.cancel; any other patch 422. ${writer}`,
    parameters: [{ ...typeParam, schema: { type: 'string', enum: typesOf('patch') } }, { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 64 } }, organization],
    requestBody: { required: true, content: { 'application/json-patch+json': { schema: { type: 'array', items: { type: 'object' } } } } },
    ok: fhirJson('the cancelled Appointment'),
  },
  {
    method: 'post',
    path: '/fhir/R4/{type}/{id}/{operation}',
    summary: 'An operation on an instance: $cancel an Appointment',
    description: `$cancel: a Parameters resource holding reason (valueString): appointments.cancel. ${writer}`,
    parameters: [
      { ...typeParam, schema: { type: 'string', enum: [...new Set(FHIR_WRITES.filter((write) => write.interaction.startsWith('$')).map((write) => write.type))] } },
      { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 64 } },
      { name: 'operation', in: 'path', required: true, schema: { type: 'string', enum: FHIR_WRITES.filter((write) => write.interaction.startsWith('$')).map((write) => write.interaction) } },
      organization,
    ],
    requestBody: resourceBody('a Parameters resource'),
    ok: fhirJson('the cancelled Appointment'),
  },
  ...bulkKickOffs(),
  {
    method: 'get',
    path: '/fhir/R4/$export-status/{id}',
    summary: 'Bulk Data: the status of an export',
    description: 'While it runs, 202 with X-Progress and Retry-After; when done, 200 with the manifest (the files to download); a failed export 500 with an OperationOutcome. Only the caller who started it sees it.',
    parameters: [exportId],
    ok: { description: 'the manifest (application/json)', content: { 'application/json': { schema: { type: 'object' } } } },
  },
  {
    method: 'delete',
    path: '/fhir/R4/$export-status/{id}',
    summary: 'Bulk Data: cancel an export',
    description: 'Cancels the export and deletes its files (202); its status is then 404.',
    parameters: [exportId],
    ok: { description: 'cancelled' },
    status: '202',
  },
  {
    method: 'get',
    path: '/fhir/R4/$export-file/{id}/{file}',
    summary: 'Bulk Data: download a file of an export',
    description: 'One NDJSON file of the manifest (`<Type>.ndjson`), with the same token as the kick-off; files expire 24 hours after the export is done.',
    parameters: [exportId, { name: 'file', in: 'path', required: true, schema: { type: 'string' }, description: '<Type>.ndjson, as the manifest names it' }],
    ok: { description: 'NDJSON, one resource per line', content: { 'application/fhir+ndjson': { schema: { type: 'string' } } } },
  },
];

/** The three kick-offs of the Bulk Data IG, each by GET or POST (docs/fhir.md, "Bulk Data export"). */
function bulkKickOffs(): Endpoint[] {
  const levels = [
    { path: '/fhir/R4/$export', what: 'every resource of the organization', parameters: [organization] },
    { path: '/fhir/R4/Patient/$export', what: "the organization's patients and what is theirs", parameters: [organization] },
    { path: '/fhir/R4/Group/{id}/$export', what: "a group's patients and what is theirs (the group of an organization is its id)", parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, organization] },
  ];
  return levels.flatMap(({ path, what, parameters }) =>
    (['get', 'post'] as const).map((method) => ({
      method,
      path,
      summary: `Bulk Data: export ${what}`,
      description: 'Starts an export (Prefer: respond-async; _type, _since, _outputFormat): 202 with Content-Location, the status URL to poll. Organization admins.',
      parameters,
      ok: { description: 'started: Content-Location is the status URL' },
      status: '202' as const,
    })),
  );
}

/** The paths of /openapi.json for the FHIR endpoints. */
export function fhirOpenApiPaths(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    (paths[endpoint.path] ??= {})[endpoint.method] = {
      operationId: `fhir:${endpoint.method} ${endpoint.path}`,
      tags: [FHIR_TAG.name],
      summary: endpoint.summary,
      description: endpoint.description,
      security: endpoint.open ? [{}] : [{ bearer: [] }],
      ...(endpoint.parameters ? { parameters: endpoint.parameters } : {}),
      ...(endpoint.requestBody ? { requestBody: endpoint.requestBody } : {}),
      responses: { [endpoint.status ?? '200']: endpoint.ok, default: outcome },
    };
  }
  return paths;
}
