import { z } from 'zod';
import { describeAudience } from '../access/describe.ts';
import { errorStatus } from '../values/errors.ts';
import type { Operation } from '../operations/operation.ts';
import type { Registry } from './registry.ts';

/** The interface's namespaces in its own order (interface-1.md, interface-2.md); extensions follow, by name. */
export const INTERFACE_NAMESPACES = [
  'auth', 'tokenCounters', 'appointments', 'users', 'hrmAttendance', 'admissions', 'admissionLogs', 'admissionCharges', 'beds',
  'inventoryItems', 'suppliers', 'superAdminPayouts', 'saloonMembers', 'labOrders', 'labResultFiles', 'homeCollections',
  'doctorEducation', 'preConsultationForms', 'prescriptionMarketplace', 'calorieLogs', 'foods', 'sleepLogs', 'pushDevices', 'notifications',
] as const;

function tagsOf(registry: Registry): { name: string; description: string }[] {
  const present = new Set(registry.all().map((op) => op.namespace));
  const interfaceOnes = INTERFACE_NAMESPACES.filter((ns) => present.has(ns));
  const extensions = [...present].filter((ns) => !(INTERFACE_NAMESPACES as readonly string[]).includes(ns)).sort();
  return [
    ...interfaceOnes.map((name) => ({ name, description: 'a namespace of the interface' })),
    ...extensions.map((name) => ({ name, description: 'an extension namespace of this service' })),
  ];
}

/** The machine-readable catalogue of every operation, built from the registry. */
export function buildOpenApi(registry: Registry): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const op of registry.all()) {
    const name = `${op.namespace}.${op.name}`;
    const input = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    paths[`/api/${op.namespace}/${op.name}`] = {
      post: {
        operationId: name,
        tags: [op.namespace],
        summary: op.summary ?? name,
        description:
          `Also callable as POST /api with {"namespace":"${op.namespace}","apiName":"${op.name}","data":{...}}. ` +
          `Access: ${describeAudience(op)}.${firstCreate(op, input)}`,
        security: op.audience.kind !== 'public' && op.tokenRequired ? [{ bearer: [] }, { idpToken: [] }] : [{}, { bearer: [] }, { idpToken: [] }],
        requestBody: { required: false, content: { 'application/json': { schema: input } } },
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: okSchema(op) } } },
          ...errorResponses(op),
          default: { description: 'error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'healthops',
      version: '0.1.0',
      license: { name: 'MIT', identifier: 'MIT' },
      description: 'Every operation is POST /api with {namespace, apiName, data}. Error codes and HTTP statuses are listed in components.schemas.Error.',
    },
    servers: [{ url: '/', description: 'this service' }],
    tags: tagsOf(registry),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        idpToken: { type: 'apiKey', in: 'header', name: 'x-idp-access-token' },
      },
      schemas: {
        Ok: { type: 'object', required: ['status', 'data'], properties: { status: { const: 'ok' }, data: { type: 'object' } } },
        Error: {
          type: 'object',
          required: ['status', 'error'],
          properties: {
            status: { const: 'error' },
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { enum: Object.keys(errorStatus), description: statusTable() },
                message: { type: 'string' },
                details: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
                requestId: { type: 'string' },
              },
            },
          },
        },
      },
    },
  };
}

/** The operation that makes the record an id input names (the examples' ids are placeholders). */
const MADE_BY: Record<string, string> = {
  organizationId: 'organizations.create',
  patientId: 'patients.create',
  doctorId: 'users.create (role doctor; its id)',
  userId: 'users.create',
  appointmentId: 'appointments.create',
  admissionId: 'admissions.create',
  bedId: 'beds.create',
  wardId: 'wards.create',
  roomId: 'rooms.create',
  serviceId: 'services.create',
  inventoryItemId: 'inventoryItems.create',
  supplierId: 'suppliers.create',
  labOrderId: 'labOrders.create',
  prescriptionId: 'prescriptionMarketplace.uploadPrescription',
  subscriptionId: 'webhooks.subscribe',
};

/** Which records to create before the example can be sent as it is to a fresh database (npm run demo makes a set). */
function firstCreate(op: Operation, input: Record<string, unknown>): string {
  const names = Object.keys((input.properties as Record<string, unknown> | undefined) ?? {});
  const needed = names.filter((n) => MADE_BY[n]).map((n) => `${n} from ${MADE_BY[n]!}`);
  if (names.includes('id') && !op.name.startsWith('create')) needed.push(`id from ${op.namespace}'s create (or list)`);
  return needed.length === 0 ? '' : ` The ids in the example are placeholders: first create the records (${needed.join('; ')}), or run npm run demo and use its ids.`;
}

/** The envelope with the operation's declared result in `data` (any object where it declares none yet). */
function okSchema(op: Operation): Record<string, unknown> {
  if (!op.output) return { $ref: '#/components/schemas/Ok' };
  const data = z.toJSONSchema(op.output, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  delete data.$schema;
  return { type: 'object', required: ['status', 'data'], properties: { status: { const: 'ok' }, data } };
}

const ERROR = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

/** The error answers an operation can give, by what it declares (every code's meaning: components.schemas.Error). */
function errorResponses(op: Operation): Record<string, unknown> {
  const open = op.audience.kind === 'public';
  return {
    '400': { description: 'BAD_REQUEST or VALIDATION_FAILED (details name each field)', ...ERROR },
    '401': { description: open ? 'UNAUTHENTICATED: a token was sent and is invalid or expired' : 'UNAUTHENTICATED: no token, or an invalid or expired one', ...ERROR },
    ...(open ? {} : { '403': { description: 'FORBIDDEN: not a member with a role allowed to call it, another organization, or blocked', ...ERROR } }),
    '404': { description: 'NOT_FOUND: the record is not in the organization', ...ERROR },
    ...(op.writes ? { '409': { description: 'CONFLICT or INVALID_STATE', ...ERROR } } : {}),
    ...(op.rateLimits.length > 0 ? { '429': { description: 'RATE_LIMITED: Retry-After gives the seconds to wait', ...ERROR } } : {}),
    '503': { description: 'UNAVAILABLE (the database cannot be reached) or NOT_CONFIGURED (a provider is missing)', ...ERROR },
  };
}

function statusTable(): string {
  return Object.entries(errorStatus)
    .map(([code, status]) => `${code}: HTTP ${status}`)
    .join('; ');
}
