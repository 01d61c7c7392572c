import { z } from 'zod';
import type { Operation } from '../src/operations/operation.ts';

/** The top-level field names of an operation's input, as /openapi.json describes them. */
export function inputFieldsOf(op: Operation): string[] {
  const schema = z.toJSONSchema(op.input, { io: 'input', unrepresentable: 'any' }) as { properties?: object };
  return Object.keys(schema.properties ?? {});
}
