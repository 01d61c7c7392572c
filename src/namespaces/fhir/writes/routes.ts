import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tokenFromHeaders } from '../../../caller/tokens.ts';
import { AppError } from '../../../values/errors.ts';
import { FhirRefusal } from '../fhir.outcome.ts';
import type { SlotKey } from '../slots/slot-id.ts';
import { asUnprocessable } from './resource-input.ts';
import { fhirWrite, type FhirWrite, type WriteRequest } from './interactions.ts';

/** What the write routes need of the FHIR scope (fhir.http.ts). */
export interface WriteScope {
  /** runs an RPC operation through the service's dispatcher */
  dispatch(request: FastifyRequest, reply: FastifyReply, apiName: string, data: Record<string, unknown>, namespace: string): Promise<unknown>;
  timeZoneOf(organizationId: string): Promise<string>;
  /** the service of the schedule whose grid has the slot (null: none, or off every grid) */
  serviceOfSlot(organizationId: string, key: SlotKey, timeZone: string): Promise<string | null>;
  organizationOf(request: FastifyRequest): string | undefined;
  baseOf(request: FastifyRequest): string;
  send(reply: FastifyReply, status: number, resource: unknown): FastifyReply;
  /** the refusal of a path and method not served (405 with Allow, or 404) */
  unrouted(request: FastifyRequest): Error;
}

type Params = { type: string; id?: string; operation?: string };

/** POST /{type}, PATCH /{type}/{id} and POST /{type}/{id}/${operation}, for the writes declared (interactions.ts). */
export function writeRoutes(scope: FastifyInstance, io: WriteScope): void {
  const run = (interaction: (params: Params) => FhirWrite['interaction'] | undefined, status: 200 | 201) => async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const name = interaction(request.params);
    const write = name === undefined ? undefined : fhirWrite(request.params.type, name);
    if (!write) throw io.unrouted(request);
    const mediaType = request.headers['content-type']?.split(';')[0]!.trim().toLowerCase();
    if (request.body !== undefined && !write.accepts.includes(mediaType ?? '')) throw new FhirRefusal(415, 'not-supported', `the body must be ${write.accepts.join(' or ')}`);
    // Every FHIR interaction but metadata and Slots needs a token, in every mode (docs/fhir.md, "Access"); the dispatcher checks it.
    if (tokenFromHeaders(request.headers) === undefined) throw new AppError('UNAUTHENTICATED', 'an access token is required');
    const organizationId = io.organizationOf(request);
    let zone: Promise<string> | undefined;
    const timeZone = () => (zone ??= io.timeZoneOf(organizationId ?? ''));
    const serviceOfSlot = async (key: SlotKey) => (organizationId === undefined ? null : io.serviceOfSlot(organizationId, key, await timeZone()));
    const given: WriteRequest = { body: request.body, organizationId, id: request.params.id, timeZone, serviceOfSlot };
    const resource = await write.answer(await made(io, request, reply, write, given), given);
    if (status === 201) void reply.header('location', `${io.baseOf(request)}/${resource.resourceType}/${resource.id}`);
    return io.send(reply, status, resource);
  };
  scope.post<{ Params: Params }>('/:type', run(() => 'create', 201));
  scope.patch<{ Params: Params }>('/:type/:id', run(() => 'patch', 200));
  scope.post<{ Params: Params }>('/:type/:id/:operation', run(({ operation }) => (operation?.startsWith('$') ? (operation as `$${string}`) : undefined), 200));
}

/** The RPC operation's item; its refusals of what the resource gave are 422, naming the resource's fields. */
async function made(io: WriteScope, request: FastifyRequest, reply: FastifyReply, write: FhirWrite, given: WriteRequest): Promise<Record<string, unknown>> {
  const data = await write.data(given);
  try {
    const result = (await io.dispatch(request, reply, write.operation.name, data, write.operation.namespace)) as { item: Record<string, unknown> };
    return result.item;
  } catch (err) {
    throw asUnprocessable(err, write.fields);
  }
}
