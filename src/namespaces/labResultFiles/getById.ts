import { self } from '../../operations/audience.ts';
import { z } from 'zod';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { labResultFileRecord } from './labResultFiles.results.ts';
import { ownerOfResultFile } from './labResultFiles.labOrder.ts';
import { labResultFiles } from './labResultFiles.resource.ts';
import { itemReads } from '../../operations/reads.ts';
import { patientOfFile } from './labResultFiles.reads.ts';

/** A result file of the organization, for its staff and for the lab order's patient (its linked account). */
export const getById = defineOperation({
  namespace: 'labResultFiles',
  name: 'getById', audience: self(ownerOfResultFile), readsPatientData: true, reads: itemReads(patientOfFile),
  summary: 'A result file of the organization',
  input: z.object({ id: id(), organizationId: id() }),
  output: itemResult(labResultFileRecord),
  async handler(ctx, input) {
    return { item: await labResultFiles.repo.get(ctx.db, input.organizationId, input.id) };
  },
});
