import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { countError } from '../../telemetry/metrics.ts';
import { timeZoneOf } from '../organizations/organizations.public.ts';
import { bulkRoutes } from './bulk/index.ts';
import { FhirRefusal, outcomeOf } from './fhir.outcome.ts';
import type { FhirResource } from './fhir.resources.ts';
import type { SearchPage } from './search/engine.ts';
import { SERVED_TYPES, servedType, type ServedType } from './served.ts';
import { scheduleOfSlot } from './slots/slots.ts';
import { fhirWrite, FHIR_WRITES } from './writes/interactions.ts';
import { writeRoutes } from './writes/routes.ts';

/** Runs an operation (of the fhir namespace unless another is named) through the service's dispatcher (app.ts gives it). */
export type FhirDispatch = (request: FastifyRequest, reply: FastifyReply, apiName: string, data: Record<string, unknown>, namespace?: string) => Promise<unknown>;

/** What the scope needs besides the dispatcher: where to read an organization's time zone (the Appointments writes answer), and the service's. */
export interface FhirScopeDeps {
  db: Db;
  timeZone: string;
}

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';
const ACCEPTED_TYPES = new Set(['*/*', 'application/*', 'application/fhir+json', 'application/json', 'application/json+fhir']);
const FORMATS = new Set(['json', 'application/json', 'application/fhir+json', 'application/json+fhir']);
const FORM = 'application/x-www-form-urlencoded';
/** The bodies of writes: resources, and JSON Patch documents. */
const JSON_BODIES = ['application/fhir+json', 'application/json-patch+json'];
/** The organization every call but metadata concerns (docs/fhir.md, "Tenancy"). */
const ORGANIZATION_HEADER = 'x-organization-id';

type Params = Record<string, string | string[]>;

/**
 * The FHIR R4 face of the service, a Fastify scope at /fhir/R4 (docs/fhir.md). Each interaction
 * is an operation of the fhir namespace, run by the same dispatcher as POST /api (token, audience
 * and roles, organization, rate limits, read log); this scope only turns HTTP into the operation's
 * data and its answer (or error) into FHIR JSON.
 */
export function fhirRoutes(dispatch: FhirDispatch, deps: FhirScopeDeps) {
  return async (scope: FastifyInstance): Promise<void> => {
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => done(null, formParams(String(body))));
    scope.setErrorHandler((error, request, reply) => sendOutcome(error, request, reply));
    scope.setNotFoundHandler((request, reply) => sendOutcome(unrouted(request), request, reply));
    // A route whose config says `ownAccept` (the Bulk Data files are NDJSON) checks Accept itself.
    scope.addHook('onRequest', async (request) => {
      if (!(request.routeOptions.config as { ownAccept?: boolean }).ownAccept) acceptsJson(request);
    });
    await scope.register(bulkRoutes(dispatch));
    // After the Bulk Data scope, which reads its own Parameters bodies (an empty one too).
    scope.addContentTypeParser(JSON_BODIES, { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'error'));

    scope.get('/metadata', async (request, reply) => sendResource(reply, 200, await dispatch(request, reply, 'metadata', {})));

    // One route of each interaction for every type served (served.ts): the type names the operation.
    scope.get<{ Params: { type: string; id: string } }>('/:type/:id', async (request, reply) => {
      const type = typeOf(request, request.params.type);
      const resource = await dispatch(request, reply, `read${type.type}`, { organizationId: organizationOf(request), id: request.params.id });
      return sendResource(reply, 200, resource);
    });

    const search = async (request: FastifyRequest<{ Params: { type: string } }>, reply: FastifyReply, params: Params) => {
      const type = typeOf(request, request.params.type);
      const { _format: _, ...criteria } = params;
      const page = (await dispatch(request, reply, `search${type.type}`, { ...criteria, organizationId: organizationOf(request) })) as SearchPage;
      return sendResource(reply, 200, searchset(baseOf(request), type, criteria, page));
    };
    scope.get<{ Params: { type: string } }>('/:type', async (request, reply) => search(request, reply, request.query as Params));
    scope.post<{ Params: { type: string } }>('/:type/_search', async (request, reply) => {
      typeOf(request, request.params.type);
      if (!request.headers['content-type']?.toLowerCase().startsWith(FORM)) throw new FhirRefusal(415, 'not-supported', `the body of _search must be ${FORM}`);
      // FHIR lets the parameters come in the URL and the body alike.
      return search(request, reply, { ...(request.query as Params), ...(request.body as Params) });
    });

    writeRoutes(scope, {
      dispatch: (request, reply, apiName, data, namespace) => dispatch(request, reply, apiName, data, namespace),
      timeZoneOf: (organizationId) => timeZoneOf(deps.db, organizationId, deps.timeZone),
      serviceOfSlot: async (organizationId, key, timeZone) => (await scheduleOfSlot(deps.db, organizationId, key, timeZone))?.serviceId ?? null,
      organizationOf,
      baseOf,
      send: sendResource,
      unrouted,
    });
  };
}

function organizationOf(request: FastifyRequest): string | undefined {
  const header = request.headers[ORGANIZATION_HEADER];
  return typeof header === 'string' ? header : undefined;
}

/** 406 unless the client takes FHIR JSON (Accept) and asks no other _format. */
function acceptsJson(request: FastifyRequest): void {
  const format = (request.query as Params)._format;
  if (format !== undefined && !(typeof format === 'string' && FORMATS.has(format.trim().toLowerCase()))) {
    throw new FhirRefusal(406, 'not-supported', 'only _format=json is served');
  }
  const accept = request.headers.accept;
  if (format !== undefined || accept === undefined || accept.trim() === '') return;
  const types = accept.split(',').map((type) => type.split(';')[0]!.trim().toLowerCase());
  if (!types.some((type) => ACCEPTED_TYPES.has(type))) throw new FhirRefusal(406, 'not-supported', 'only application/fhir+json is served');
}

/** The declaration of the type a path names; a type not served is 404. */
function typeOf(request: FastifyRequest, name: string): ServedType {
  const type = servedType(name);
  if (!type) throw noInteraction(request);
  return type;
}

function noInteraction(request: FastifyRequest): FhirRefusal {
  const path = pathOf(request);
  const types = [...new Set([...SERVED_TYPES.map((type) => type.type), ...FHIR_WRITES.map((write) => write.type)])].join(', ');
  return new FhirRefusal(404, 'not-found', `no FHIR interaction ${request.method} ${path} (resource types served: ${types})`);
}

/** A path of the scope that exists with other methods is 405 (with Allow); any other 404. */
function unrouted(request: FastifyRequest): FhirRefusal {
  const path = pathOf(request);
  const allowed = allowedOn(path);
  if (allowed) return new FhirRefusal(405, 'not-supported', `${request.method} ${path} is not supported: ${allowed} only (docs/fhir.md: what is not listed is read-only)`);
  return noInteraction(request);
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!.replace(/^\/fhir\/R4/, '');

/** The methods a path of the scope takes (the Allow header), or undefined for a path that is none. */
function allowedOn(path: string): string | undefined {
  if (path === '/metadata') return 'GET';
  const [, name = '', id, operation, more] = path.split('/');
  const served = servedType(name) !== undefined;
  const takes = (interaction: Parameters<typeof fhirWrite>[1]) => fhirWrite(name, interaction) !== undefined;
  const methods =
    more !== undefined ? []
    : operation !== undefined ? (takes(operation as `$${string}`) ? ['POST'] : [])
    : id === '_search' ? (served ? ['POST'] : [])
    : id !== undefined ? [...(served ? ['GET'] : []), ...(takes('patch') ? ['PATCH'] : [])]
    : [...(served ? ['GET'] : []), ...(takes('create') ? ['POST'] : [])];
  return methods.length === 0 ? undefined : methods.join(', ');
}

function sendResource(reply: FastifyReply, status: number, resource: unknown): FastifyReply {
  return reply.code(status).header('content-type', FHIR_JSON).send(JSON.stringify(resource));
}

function sendOutcome(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = outcomeOf(error, request.id);
  if (answer.code) countError(answer.code);
  if (answer.status >= 500) request.log.error({ err: error }, 'unexpected error');
  if (answer.retryAfterSeconds !== undefined) void reply.header('retry-after', String(answer.retryAfterSeconds));
  if (answer.status === 405) void reply.header('allow', allowedOn(pathOf(request)) ?? 'GET');
  return sendResource(reply, answer.status, answer.resource);
}

function baseOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/fhir/R4`;
}

function searchset(base: string, type: ServedType, criteria: Params, page: SearchPage) {
  const link = (cursor: string | undefined) => {
    const query = new URLSearchParams();
    for (const name of type.linkedNames) {
      const value = name === '_cursor' ? cursor : criteria[name];
      for (const one of value === undefined ? [] : Array.isArray(value) ? value : [value]) query.append(name, one);
    }
    query.set('_count', String(page.count));
    return `${base}/${type.type}?${query.toString()}`;
  };
  const self = link(typeof criteria._cursor === 'string' ? criteria._cursor : undefined);
  const entry = (mode: 'match' | 'include') => (resource: FhirResource) => ({ fullUrl: `${base}/${resource.resourceType}/${resource.id}`, resource, search: { mode } });
  // What a bound left out (a _revinclude's), said as the specification allows: an OperationOutcome of search mode outcome.
  const outcome = (page.warnings ?? []).length === 0 ? [] : [{ resource: { resourceType: 'OperationOutcome', issue: page.warnings!.map((diagnostics) => ({ severity: 'warning', code: 'incomplete', diagnostics })) }, search: { mode: 'outcome' } }];
  const entries = [...page.items.map(entry('match')), ...page.included.map(entry('include')), ...outcome];
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: page.total,
    link: [{ relation: 'self', url: self }, ...(page.next === null ? [] : [{ relation: 'next', url: link(page.next) }])],
    // FHIR JSON has no empty arrays: a page without resources has no entry.
    ...(entries.length === 0 ? {} : { entry: entries }),
  };
}

/** A form body as Fastify gives a query: a parameter given twice is a list. */
function formParams(body: string): Params {
  const params: Params = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const before = params[name];
    params[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return params;
}
