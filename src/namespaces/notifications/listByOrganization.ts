import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { id, idpUserId, paging, str } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { pageResult } from '../../values/results.ts';
import { notifications } from './notifications.resource.ts';
import { pageNotifications } from './notifications.repo.ts';

/**
 * The organization's notifications, newest first, page 1 and 20 per page by default (rule 4):
 * `module` filters by relatedEntityType or type; omitted (or empty) it filters nothing.
 * Notifications past expiresAt are not listed. `recipientIdpUserId` (an extension) narrows to one
 * person's inbox.
 */
export const listByOrganization = defineOperation({
  namespace: 'notifications',
  name: 'listByOrganization', audience: member(),
  summary: 'List an organization\'s notifications, newest first, optionally by module',
  input: z.object({
    organizationId: id(),
    module: str().max(128).nullish(),
    recipientIdpUserId: idpUserId().nullish(),
    ...paging,
  }),
  output: pageResult(notifications.schemas.record),
  async handler(ctx, input) {
    return pageNotifications(
      ctx.db,
      {
        organizationId: input.organizationId,
        module: input.module || undefined,
        recipientIdpUserId: input.recipientIdpUserId ?? undefined,
        now: ctx.now(),
      },
      input.page,
      input.pageSize,
    );
  },
});
