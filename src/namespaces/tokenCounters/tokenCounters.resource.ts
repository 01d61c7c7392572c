import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { defineResource } from '../../resources/resource.ts';

/** The largest number the lastSequence column (a 32-bit integer on PostgreSQL) holds. */
export const MAX_SEQUENCE = 2_147_483_647;

export const tokenCounters = defineResource({
  namespace: 'tokenCounters', audience: member(),
  table: 'tokenCounters',
  scope: 'organization',
  clientTimestamps: true,
  fields: {
    date: { kind: 'date', required: true },
    prefix: { kind: 'string', required: true, schema: z.string().trim().min(1).max(32) },
    lastSequence: { kind: 'int', required: true, schema: z.int().min(0).max(MAX_SEQUENCE) },
  },
});
