import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { bool, id, ts } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { notifyResult } from './notifications.results.ts';
import { optionalFields, requiredFields } from './notifications.fields.ts';
import { writeNotification } from './notifications.notify.ts';

export const createInput = z.object({
  organizationId: id(),
  ...requiredFields,
  ...optionalFields,
  isRead: bool().nullish(),
  createdAt: ts().nullish(),
});

/**
 * Creates a notification through notify(): `module` is an alias of relatedEntityType (rules 1
 * and 2: when both are sent, relatedEntityType wins); a dedupeKey already used in the
 * organization returns the stored notification (`created: false`) and queues nothing. A recipient
 * who is not one of the organization's own people is VALIDATION_FAILED (notifications.recipients.ts).
 */
export const create = defineOperation({
  namespace: 'notifications',
  name: 'create', audience: member(),
  summary: 'Create a notification (pushed to the recipient\'s devices when channels include push)',
  writes: true,
  input: createInput,
  output: notifyResult,
  async handler(ctx, input) {
    const { module, relatedEntityType, ...rest } = input;
    return writeNotification(ctx.db, ctx, { ...rest, relatedEntityType: relatedEntityType !== undefined ? relatedEntityType : module }, 'refuse');
  },
});
