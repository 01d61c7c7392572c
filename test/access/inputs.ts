import { z } from 'zod';
import type { Operation } from '../../src/operations/operation.ts';

/** A JSON Schema as z.toJSONSchema writes it, as far as the generator reads it. */
interface Schema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

/** Candidates tried, in order, against a string's pattern. */
const PATTERN_SAMPLES = ['x', '10:00', '2030-01-15', '10:00:00', 'X1', '1', 'ABC', 'https://example.test/x'];

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'someone@example.test',
  date: '2030-01-15',
  time: '10:00',
  'date-time': '2030-01-15T10:00:00.000Z',
  uri: 'https://example.test/x',
  url: 'https://example.test/x',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function stringSample(s: Schema): string {
  if (s.format && FORMAT_SAMPLES[s.format]) return FORMAT_SAMPLES[s.format]!;
  if (s.pattern) {
    const pattern = new RegExp(s.pattern);
    const fit = PATTERN_SAMPLES.find((v) => pattern.test(v));
    if (fit) return fit;
  }
  return 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

/** 1 where the schema allows it: amounts and quantities are often refined to more than 0. */
function numberSample(s: Schema): number {
  const least = Math.max(1, s.minimum ?? -Infinity, s.exclusiveMinimum === undefined ? -Infinity : s.exclusiveMinimum + 1);
  return s.maximum === undefined ? least : Math.min(least, s.maximum);
}

/** Enum values a sweep should not pick first: granting platform_admin is refused to everyone but platform admins. */
const AVOIDED = new Set<unknown>(['platform_admin']);

/** The least value the schema accepts, as far as a schema can say (refinements are not seen). */
export function minimalValue(s: Schema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum.find((v) => !AVOIDED.has(v)) ?? s.enum[0];
  const choice = s.anyOf ?? s.oneOf;
  if (choice) return minimalValue(choice.find((c) => c.type !== 'null') ?? choice[0]!);
  if (s.allOf?.[0]) return minimalValue(s.allOf[0]);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return stringSample(s);
    case 'integer':
    case 'number':
      return numberSample(s);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => minimalValue(s.items ?? {}));
    case 'object':
      return Object.fromEntries((s.required ?? []).map((key) => [key, minimalValue(s.properties?.[key] ?? {})]));
    case undefined:
    default:
      return 'x';
  }
}

/** Values that refinements a JSON Schema cannot show demand (a time range, one of two fields ...). */
const REFINED: Record<string, Record<string, unknown>> = {
  'appointments.createReservedSlotByDoctor': { startTime: ['10:00'], endTime: ['10:30'] },
  'labResultFiles.create': { mimeType: 'application/pdf' },
  'inventoryItems.receiveStock': { quantity: 1 },
  'preConsultationForms.create': { status: 'draft' },
  'fhirClients.register': {
    scopes: ['system/*.read'],
    jwks: { keys: [{ kty: 'EC', crv: 'P-384', x: 'qjv3Bgq4prDpzCMftZq00oO940CLdNbyMeberUTJ5HOOwQAaJ6BlytGp0WEBIDkA', y: '93oQR6jQA4EDCAvWcRxbAVbbcjv2pDH48ZDbM2bpG019kdIXDhhP27pQcsJJm1h3' }] },
  },
};

export function inputSchema(op: Pick<Operation, 'input'>): Schema {
  return z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as Schema;
}

/**
 * The least valid input of an operation: its required fields at their least values, and every
 * field the `idFor` answers for (organizationId, id, patientId, ...) set to that record, required
 * or not, so that the call names the records of one organization.
 */
export function minimalInput(op: Pick<Operation, 'input' | 'namespace' | 'name'>, idFor: (key: string, namespace: string) => string | null | undefined): Record<string, unknown> {
  const schema = inputSchema(op);
  const input = { ...(minimalValue({ ...schema, type: 'object' }) as Record<string, unknown>), ...REFINED[`${op.namespace}.${op.name}`] };
  for (const key of Object.keys(schema.properties ?? {})) {
    const id = idFor(key, op.namespace);
    if (id === null && !(schema.required ?? []).includes(key)) delete input[key];
    else if (id !== undefined && id !== null) input[key] = id;
  }
  return input;
}
