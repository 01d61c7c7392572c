import { member } from '../../operations/audience.ts';
import { id, idpUserId } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { patientDataRead } from './audit.results.ts';
import { pageReads } from './audit.reads.ts';
import { pagedInWindow } from './audit.timeWindow.ts';

/**
 * The read log of patient data, for the organization's admins (the role table) and platform
 * admins, who may leave out organizationId to see every organization's.
 */
export const listReads = defineOperation({
  namespace: 'audit',
  name: 'listReads',
  audience: member(),
  summary: "Page through an organization's read log of patient data (who read which records, when), newest first",
  tokenRequired: true,
  input: pagedInWindow({
    organizationId: id().optional(),
    patientId: id().optional(),
    actorIdpUserId: idpUserId().optional(),
  }),
  output: pageResult(patientDataRead),
  async handler(ctx, input) {
    const { page, pageSize, ...filter } = input;
    return pageReads(ctx.db, filter, page, pageSize);
  },
});
