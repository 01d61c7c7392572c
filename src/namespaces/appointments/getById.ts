import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { getRow, toRecord } from './appointments.repo.ts';
import { appointmentItem } from './appointments.results.ts';
import { byPatientId, itemReads } from '../../operations/reads.ts';

export const getById = defineOperation({
  namespace: 'appointments',
  name: 'getById', audience: member(), readsPatientData: true, reads: itemReads(byPatientId),
  summary: 'One appointment of the organization',
  input: z.object({ id: id(), organizationId: id() }),
  output: appointmentItem,
  async handler(ctx, input) {
    return { item: toRecord(await getRow(ctx.db, input.organizationId, input.id)) };
  },
});
