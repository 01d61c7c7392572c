import { z } from 'zod';
import { everyone } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { out } from '../../values/results.ts';
import { capabilityStatement } from './fhir.capabilities.ts';

/** GET /fhir/R4/metadata: what the FHIR API implements. Public, as FHIR servers' are. */
export const metadata = defineOperation({
  namespace: 'fhir',
  name: 'metadata',
  summary: 'The CapabilityStatement of the FHIR R4 API (GET /fhir/R4/metadata)',
  audience: everyone,
  input: z.object({}),
  output: out.record({ resourceType: z.literal('CapabilityStatement'), fhirVersion: out.text() }),
  handler: async (ctx) => capabilityStatement(new Date(ctx.now()).toISOString()),
});
