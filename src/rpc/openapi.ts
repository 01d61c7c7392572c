import { z } from 'zod';
import { describeAudience } from '../access/describe.ts';
import { errorStatus } from '../values/errors.ts';
import type { Registry } from './registry.ts';

/** The machine-readable catalogue of every operation, built from the registry. */
export function buildOpenApi(registry: Registry): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const op of registry.all()) {
    const name = `${op.namespace}.${op.name}`;
    paths[`/api/${op.namespace}/${op.name}`] = {
      post: {
        operationId: name,
        tags: [op.namespace],
        summary: op.summary ?? name,
        description:
          `Also callable as POST /api with {"namespace":"${op.namespace}","apiName":"${op.name}","data":{...}}. ` +
          `Access: ${describeAudience(op)}.`,
        security: op.audience.kind !== 'public' && op.tokenRequired ? [{ bearer: [] }, { idpToken: [] }] : [{}, { bearer: [] }, { idpToken: [] }],
        requestBody: {
          required: false,
          content: { 'application/json': { schema: z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) } },
        },
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Ok' } } } },
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
      description: 'Every operation is POST /api with {namespace, apiName, data}. Error codes and HTTP statuses are listed in components.schemas.Error.',
    },
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

function statusTable(): string {
  return Object.entries(errorStatus)
    .map(([code, status]) => `${code}: HTTP ${status}`)
    .join('; ');
}
