import { z } from 'zod';
import { member } from '../../operations/audience.ts';
import { organizationOfRecord } from '../../access/organization.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemsResult } from '../../values/results.ts';
import { admissionLogRecord } from './admissions.results.ts';
import { logsOfAdmission } from '../admissionLogs/admissionLogs.public.ts';
import { byPatientId, itemsReads } from '../../operations/reads.ts';

/**
 * The admission's log, oldest first: `{ items }`. Only the admission is named: the call concerns
 * its organization; an unknown admission, or one of an organization the caller is not a member
 * of, is NOT_FOUND.
 */
export const getAdmissionLogs = defineOperation({
  namespace: 'admissions',
  name: 'getAdmissionLogs',
  audience: member(),
  readsPatientData: true, reads: itemsReads(byPatientId),
  summary: 'The log of an admission, oldest first',
  input: z.object({ admissionId: id() }),
  output: itemsResult(admissionLogRecord),
  organizationOf: organizationOfRecord('admissions', 'admissionId', 'admission'),
  async handler(ctx, input) {
    return { items: await logsOfAdmission(ctx.db, ctx.organizationId!, input.admissionId) };
  },
});
