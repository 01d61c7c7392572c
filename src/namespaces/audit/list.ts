import { member } from '../../access/audience.ts';
import { z } from 'zod';
import { id, paging, str, ts } from '../../rpc/fields.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { pageAudit } from './audit.repo.ts';

/**
 * The audit trail, every write, newest first: an organization's admins (the role table) read
 * their organization's (organizationId names it); platform admins may omit it and read all.
 */
export const list = defineOperation({
  namespace: 'audit',
  name: 'list', audience: member(),
  summary: "Page through an organization's audit trail (platform admins: all), newest first",
  tokenRequired: true,
  input: z
    .object({
      organizationId: id().optional(),
      actorId: id().optional(),
      /** `namespace.apiName`, e.g. `tokenCounters.create` */
      operation: str().optional(),
      recordId: id().optional(),
      /** unix ms, inclusive */
      from: ts().optional(),
      /** unix ms, inclusive */
      to: ts().optional(),
      ...paging,
    })
    .refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, { message: 'from must not be after to', path: ['to'] }),
  async handler(ctx, input) {
    const { page, pageSize, ...filter } = input;
    return pageAudit(ctx.db, filter, page, pageSize);
  },
});
