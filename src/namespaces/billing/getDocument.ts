import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { defineOperation } from '../../operations/operation.ts';
import { byPatientId, itemReads } from '../../operations/reads.ts';
import { id } from '../../values/fields.ts';
import { itemResult } from '../../values/results.ts';
import { getDocument as readDocument } from './billing.read.ts';
import { documentRecord } from './billing.results.ts';

export const getDocument = defineOperation({
  namespace: 'billing',
  name: 'getDocument',
  audience: member(),
  summary: 'A billing document with its lines, its status and (an invoice) what is paid and what remains',
  readsPatientData: true,
  reads: itemReads(byPatientId),
  input: z.object({ organizationId: id(), id: id() }),
  output: itemResult(documentRecord),
  async handler(ctx, input) {
    return { item: await readDocument(ctx.db, input.organizationId, input.id) };
  },
});
