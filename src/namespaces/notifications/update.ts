import { z } from 'zod';
import { bool, id, ts } from '../../values/fields.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import type { ResourceInput } from '../../resources/resource.ts';
import { optionalFields, requiredFields } from './notifications.fields.ts';
import { notifications, type NotificationRecord } from './notifications.resource.ts';
import { isRecipient, notARecipient, recipientRuleHolds } from './notifications.recipients.ts';

const input = z.object({
  id: id(),
  organizationId: id(),
  ...z.object(requiredFields).partial().shape,
  ...optionalFields,
  isRead: bool().optional(),
  createdAt: ts().optional(),
});

type Input = z.output<typeof input>;

/**
 * The update as stored fields: `module` maps to relatedEntityType when relatedEntityType is not
 * provided (rule 3). Marking read without readAt stamps it now (a notification read before keeps
 * its readAt); marking unread clears it. Opening an unread notification (openedAt, no isRead)
 * marks it read at openedAt.
 */
export function changesOf(input: Input, current: Pick<NotificationRecord, 'isRead' | 'readAt'>, now: number): ResourceInput<'notifications', 'recipientRule'> {
  const { module, ...rest } = input;
  const changes: ResourceInput<'notifications', 'recipientRule'> = { ...rest };
  if (changes.relatedEntityType === undefined && module !== undefined) changes.relatedEntityType = module;
  if (changes.isRead === undefined && changes.openedAt != null && current.isRead !== true) {
    changes.isRead = true;
    if (changes.readAt === undefined) changes.readAt = changes.openedAt;
  }
  if (changes.isRead === true && changes.readAt === undefined) changes.readAt = current.isRead === true && current.readAt != null ? current.readAt : now;
  if (changes.isRead === false && changes.readAt === undefined) changes.readAt = null;
  return changes;
}

/** A notification is readdressed only to one of the organization's own people, as create requires. */
async function assertStillRecipient(ctx: Context, current: Pick<NotificationRecord, 'organizationId' | 'recipientIdpUserId'>, recipientIdpUserId: string | undefined): Promise<void> {
  if (recipientIdpUserId === undefined || recipientIdpUserId === current.recipientIdpUserId || !recipientRuleHolds(ctx)) return;
  if (!(await isRecipient(ctx.db, current.organizationId, recipientIdpUserId))) throw notARecipient();
}

export const update = defineOperation({
  ...notifications.declared.update,
  summary: 'Update a notification: mark it read (isRead) or opened (openedAt), or change its fields',
  input,
  async handler(ctx, input) {
    const current = await notifications.repo.get(ctx.db, input.organizationId, input.id);
    await assertStillRecipient(ctx, current, input.recipientIdpUserId);
    const { changes } = await notifications.repo.merge(ctx, current, changesOf(input, current, ctx.now()));
    return { item: await notifications.repo.patch(ctx.db, input.organizationId, input.id, changes) };
  },
});
