import { member } from '../../operations/audience.ts';
import { id, str } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { auditEntry } from './audit.results.ts';
import { pageAudit } from './audit.repo.ts';
import { pagedInWindow } from './audit.timeWindow.ts';

/** The audit trail of writes, newest first: an organization's for its admins (the role table), every one for platform admins. */
export const list = defineOperation({
  namespace: 'audit',
  name: 'list',
  audience: member(),
  summary: "Page through an organization's audit trail of writes (platform admins: every organization's), newest first",
  tokenRequired: true,
  input: pagedInWindow({
    organizationId: id().optional(),
    actorId: id().optional(),
    /** `namespace.apiName`, e.g. `tokenCounters.create` */
    operation: str().optional(),
    recordId: id().optional(),
  }),
  output: pageResult(auditEntry),
  async handler(ctx, input) {
    const { page, pageSize, ...filter } = input;
    return pageAudit(ctx.db, filter, page, pageSize);
  },
});
