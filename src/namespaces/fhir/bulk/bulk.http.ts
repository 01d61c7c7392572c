import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FhirRefusal } from '../fhir.outcome.ts';
import { NDJSON, type BulkFile } from './bulk.file.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route checks Accept itself: the /fhir/R4 scope's check (FHIR JSON only) leaves it alone */
    ownAccept?: boolean;
  }
}

/** Runs an operation of the fhir namespace through the dispatcher (the same function fhir.http.ts is given). */
type Dispatch = (request: FastifyRequest, reply: FastifyReply, apiName: string, data: Record<string, unknown>) => Promise<unknown>;
type Params = Record<string, string | string[]>;

const FHIR_JSON = 'application/fhir+json; charset=utf-8';
const JSON_TYPES = new Set(['*/*', 'application/*', 'application/fhir+json', 'application/json', 'application/json+fhir']);
const NDJSON_TYPES = new Set(['*/*', 'application/*', NDJSON, 'application/ndjson', 'application/x-ndjson']);
/** The routes check Accept themselves (fhir.http.ts leaves them to it): a file is NDJSON, a manifest JSON. */
const OWN = { config: { ownAccept: true } };
/** How long a client is asked to wait between two polls of a running export (seconds). */
export const RETRY_AFTER_SECONDS = 5;

interface Status {
  id: string;
  state: 'running' | 'done' | 'failed';
  request: string;
  transactionTime: number;
  types: string[];
  typesDone: number;
  written: number;
  error: string | null;
  expiresAt: number | null;
  output: { type: string; count: number }[];
}

/**
 * Bulk Data export (HL7 Bulk Data Access IG v2; docs/fhir.md, "Bulk Data export") in the /fhir/R4
 * scope: the kick-off at system, Patient and Group level, the status URL (poll, cancel) and the
 * files. Each is an operation of the fhir namespace run by the dispatcher; this only turns HTTP
 * into their data and their answers into the IG's. Each checks Accept itself (the files are NDJSON).
 */
export function bulkRoutes(dispatch: Dispatch) {
  return async (scope: FastifyInstance): Promise<void> => {
    // A POST kick-off's body is a Parameters resource (FHIR JSON), or none.
    scope.addContentTypeParser(['application/fhir+json', 'application/json+fhir'], { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, String(body).trim() === '' ? undefined : JSON.parse(String(body)));
      } catch {
        done(new FhirRefusal(400, 'invalid', 'the body is not JSON'), undefined);
      }
    });
    const kickOff = async (request: FastifyRequest, reply: FastifyReply, level: string, groupId?: string) => {
      accepts(request, JSON_TYPES, 'application/fhir+json');
      if (!/(^|[\s,;])respond-async($|[\s,;])/i.test(String(request.headers.prefer ?? ''))) throw new FhirRefusal(400, 'invalid', 'an export is asynchronous: send Prefer: respond-async');
      const { _format: _, ...query } = request.query as Params;
      const params = { ...query, ...parametersOf(request.body) };
      const data = { ...params, organizationId: organizationOf(request), level, ...(groupId === undefined ? {} : { groupId }), request: request.url.replace(/^\/fhir\/R4/, '') };
      const { id } = (await dispatch(request, reply, 'bulkExport', data)) as { id: string };
      return informed(reply.code(202).header('content-location', `${baseOf(request)}/$export-status/${id}`), `export ${id} started: poll its Content-Location`);
    };
    scope.get('/$export', OWN, (request, reply) => kickOff(request, reply, 'system'));
    scope.get('/Patient/$export', OWN, (request, reply) => kickOff(request, reply, 'patient'));
    scope.get<{ Params: { id: string } }>('/Group/:id/$export', OWN, (request, reply) => kickOff(request, reply, 'group', request.params.id));
    // The IG's POST kick-off: the same, its parameters in the URL or in a Parameters body.
    scope.post('/$export', OWN, (request, reply) => kickOff(request, reply, 'system'));
    scope.post('/Patient/$export', OWN, (request, reply) => kickOff(request, reply, 'patient'));
    scope.post<{ Params: { id: string } }>('/Group/:id/$export', OWN, (request, reply) => kickOff(request, reply, 'group', request.params.id));

    scope.get<{ Params: { id: string } }>('/$export-status/:id', OWN, async (request, reply) => {
      accepts(request, JSON_TYPES, 'application/json');
      const status = (await dispatch(request, reply, 'bulkExportStatus', { id: request.params.id, ...organizationNamed(request) })) as Status;
      if (status.state === 'running') {
        const progress = `${status.typesDone} of ${status.types.length} types written, ${status.written} resources`;
        return reply.code(202).headers({ 'x-progress': progress, 'retry-after': String(RETRY_AFTER_SECONDS) }).send();
      }
      if (status.state === 'failed') {
        const outcome = { resourceType: 'OperationOutcome', issue: [{ severity: 'fatal', code: 'exception', diagnostics: status.error ?? 'the export failed' }] };
        return reply.code(500).header('content-type', FHIR_JSON).send(JSON.stringify(outcome));
      }
      if (status.expiresAt !== null) void reply.header('expires', new Date(status.expiresAt).toUTCString());
      return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(manifestOf(baseOf(request), status)));
    });
    scope.delete<{ Params: { id: string } }>('/$export-status/:id', OWN, async (request, reply) => {
      accepts(request, JSON_TYPES, 'application/fhir+json');
      await dispatch(request, reply, 'bulkExportCancel', { id: request.params.id, ...organizationNamed(request) });
      return informed(reply.code(202), `export ${request.params.id} cancelled and its files removed`);
    });

    scope.get<{ Params: { id: string; file: string } }>('/$export-file/:id/:file', OWN, async (request, reply) => {
      accepts(request, NDJSON_TYPES, NDJSON);
      const type = /^([A-Za-z]{1,64})\.ndjson$/.exec(request.params.file)?.[1];
      if (type === undefined) throw new FhirRefusal(404, 'not-found', 'no such file: files are named <type>.ndjson');
      const file = (await dispatch(request, reply, 'bulkExportFile', { id: request.params.id, type, ...organizationNamed(request) })) as BulkFile;
      return reply.code(200).header('content-type', NDJSON).send(Readable.from(file.body as AsyncIterable<string>));
    });
  };
}

/** The parameters of a Parameters body (`{ name, value[x] }`), as a query gives them; none without a body. */
function parametersOf(body: unknown): Params {
  if (body === undefined || body === null) return {};
  const resource = body as { resourceType?: unknown; parameter?: unknown };
  if (resource.resourceType !== 'Parameters' || (resource.parameter !== undefined && !Array.isArray(resource.parameter))) throw new FhirRefusal(400, 'invalid', 'the body of a POST kick-off must be a Parameters resource');
  const params: Params = {};
  for (const parameter of (resource.parameter ?? []) as Record<string, unknown>[]) {
    const name = parameter.name;
    const given = Object.entries(parameter).find(([key]) => key.startsWith('value'))?.[1];
    if (typeof name !== 'string' || given === undefined) throw new FhirRefusal(400, 'invalid', 'each parameter of the body needs a name and a value[x]');
    // A value that is no text (patient's reference) is passed as JSON: the kick-off refuses it by its name.
    const value = typeof given === 'string' ? given : JSON.stringify(given);
    const before = params[name];
    params[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return params;
}

/** The manifest of a finished export, as the IG has it. */
function manifestOf(base: string, status: Status) {
  return {
    transactionTime: new Date(status.transactionTime).toISOString(),
    request: `${base}${status.request}`,
    requiresAccessToken: true,
    output: status.output.map(({ type, count }) => ({ type, url: `${base}/$export-file/${status.id}/${type}.ndjson`, count })),
    error: [],
  };
}

function informed(reply: FastifyReply, text: string): FastifyReply {
  const outcome = { resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'informational', diagnostics: text }] };
  return reply.header('content-type', FHIR_JSON).send(JSON.stringify(outcome));
}

/** 406 unless the client takes what the answer is (no Accept: anything). */
function accepts(request: FastifyRequest, types: ReadonlySet<string>, what: string): void {
  const accept = request.headers.accept;
  if (accept === undefined || accept.trim() === '') return;
  if (!accept.split(',').some((type) => types.has(type.split(';')[0]!.trim().toLowerCase()))) throw new FhirRefusal(406, 'not-supported', `this answer is ${what}`);
}

function organizationOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-organization-id'];
  return typeof header === 'string' ? header : undefined;
}

/** The organization the header names, if any: the status and the files find it from the export too. */
function organizationNamed(request: FastifyRequest): { organizationId?: string } {
  const organizationId = organizationOf(request);
  return organizationId === undefined ? {} : { organizationId };
}

function baseOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/fhir/R4`;
}
