import { z } from 'zod';
import { describeAudience } from '../access/describe.ts';
import { errorStatus } from '../values/errors.ts';
import type { Operation, Streamed } from '../operations/operation.ts';
import type { Registry } from './registry.ts';

/** The interface's namespaces in its own order (interface-1.md, interface-2.md); extensions follow, by name. */
export const INTERFACE_NAMESPACES = [
  'auth', 'tokenCounters', 'appointments', 'users', 'hrmAttendance', 'admissions', 'admissionLogs', 'admissionCharges', 'beds',
  'inventoryItems', 'suppliers', 'superAdminPayouts', 'saloonMembers', 'labOrders', 'labResultFiles', 'homeCollections',
  'doctorEducation', 'preConsultationForms', 'prescriptionMarketplace', 'calorieLogs', 'foods', 'sleepLogs', 'pushDevices', 'notifications',
] as const;

/** What each namespace is for, one line each (the tags of /openapi.json and /docs). */
const PURPOSES: Readonly<Record<string, string>> = {
  auth: 'Accounts: sign-up, sign-in, one-time codes, password reset, social sign-in, the signed-in account',
  tokenCounters: 'Queue tokens: numbered counters per organization, for walk-in queues',
  appointments: 'Bookings: free slots, booking, the visit workflow (check-in, start, complete), waitlist, series, reserved time',
  users: "An organization's staff and members: roles, blocking, invitations, directory",
  hrmAttendance: 'Staff attendance: check-in and check-out per day',
  admissions: 'Inpatient stays: admission, bed assignment, transfer, discharge, payments and the bill',
  admissionLogs: "An admission's log: what happened, by whom, when",
  admissionCharges: 'Charges on an admission: services, doctor fees, lab tests; voiding',
  beds: 'Beds of the wards and rooms: status, occupancy, housekeeping',
  inventoryItems: 'Pharmacy and store stock: items, batches, movements, alerts for low stock and expiry',
  suppliers: 'Suppliers of stock',
  superAdminPayouts: "Platform payouts to organizations, from request to payment",
  saloonMembers: 'Members of a salon-type organization',
  labOrders: 'Lab orders and their tests, results and report',
  labResultFiles: "Files of lab results, attached to an order",
  homeCollections: 'Home sample collections: requests, assignment, status',
  doctorEducation: "Doctors' education and qualifications",
  preConsultationForms: 'Forms a patient fills before a visit',
  prescriptionMarketplace: 'Prescriptions sent to pharmacies: quotes, acceptance, fulfilment',
  calorieLogs: "A person's food log and calorie goals (wellness)",
  foods: 'The food catalogue: search, nutrition, servings, image analysis',
  sleepLogs: "A person's sleep log, preferences and reminders (wellness)",
  pushDevices: "A person's devices for push notifications",
  notifications: 'Notifications to people: in the app, push, SMS and email, with their delivery',
  organizations: 'Organizations (clinics, hospitals, pharmacies): profile, settings, time zone',
  patients: "An organization's patient records and their links to patients' own accounts",
  practitionerSchedules: "Doctors' working hours, leave and extra hours: what free slots are made of",
  services: 'The services an organization offers: price, tax, duration',
  wards: 'Wards of a hospital',
  rooms: 'Rooms of a ward',
  audit: 'The audit trail of writes and the read log of patient data',
  exports: "An organization's records, all of them, streamed (NDJSON, CSV, FHIR R4)",
  jobs: 'The scheduled jobs: runs, outcomes, next runs (platform admins)',
  webhooks: 'Webhook subscriptions and their deliveries (Standard Webhooks)',
};

function tagsOf(registry: Registry): { name: string; description: string }[] {
  const present = new Set(registry.all().map((op) => op.namespace));
  const interfaceOnes = INTERFACE_NAMESPACES.filter((ns) => present.has(ns));
  const extensions = [...present].filter((ns) => !(INTERFACE_NAMESPACES as readonly string[]).includes(ns)).sort();
  const described = (name: string, kind: string) => ({ name, description: `${PURPOSES[name] ?? name} (${kind})` });
  return [...interfaceOnes.map((name) => described(name, 'a namespace of the interface')), ...extensions.map((name) => described(name, 'an extension of this service'))];
}

/** Paths served beside POST /api (the FHIR API), with their tag. */
export interface OtherPaths {
  tag: { name: string; description: string };
  paths: Record<string, unknown>;
}

/** The machine-readable catalogue of every operation, built from the registry, and of the other paths given. */
export function buildOpenApi(registry: Registry, others: readonly OtherPaths[] = []): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const op of registry.all()) {
    const name = `${op.namespace}.${op.name}`;
    const input = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    if (op.streamed) paths[op.streamed.path] = streamedPath(op, op.streamed, input);
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
    tags: [...tagsOf(registry), ...others.map((other) => other.tag)],
    paths: Object.assign(paths, ...others.map((other) => other.paths)),
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

/** The path an operation answers a file at (an export, a document): the same body as its `data`, the answer in each content type it sends. */
function streamedPath(op: Operation, streamed: Streamed, input: Record<string, unknown>): Record<string, unknown> {
  const content = Object.fromEntries(streamed.contentTypes.map((type) => [type, { schema: { type: 'string' } }]));
  return {
    post: {
      operationId: `${op.namespace}.${op.name}:stream`,
      tags: [op.namespace],
      summary: op.summary ?? `${op.namespace}.${op.name}`,
      description: `The body is ${op.namespace}.${op.name}'s data; the answer is ${streamed.answer}. Access: ${describeAudience(op)}.`,
      security: [{ bearer: [] }, { idpToken: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: input } } },
      responses: { '200': { description: streamed.answer, content }, ...errorResponses(op) },
    },
  };
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
