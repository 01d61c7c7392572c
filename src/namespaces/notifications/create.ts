import { z } from 'zod';
import { bool, id, jsonObject, reqStr, str, strArray, ts } from '../../rpc/fields.ts';
import { defineOperation } from '../../rpc/operation.ts';
import { channelList, dedupeKey, deliveryState, recipientIdpUserId } from './notifications.resource.ts';
import { writeNotification } from './notify.ts';

export const createInput = z.object({
  organizationId: id(),
  recipientIdpUserId: recipientIdpUserId(),
  recipientRole: reqStr().max(64),
  type: reqStr().max(128),
  title: reqStr().max(500),
  message: reqStr(),
  priority: str().max(32).nullish(),
  /** Alias of relatedEntityType; relatedEntityType wins when both are sent. */
  module: str().max(128).nullish(),
  relatedEntityType: str().max(128).nullish(),
  relatedEntityId: str().max(256).nullish(),
  actionUrl: str().max(2048).nullish(),
  navigationTarget: str().max(256).nullish(),
  navigationParams: jsonObject().nullish(),
  channels: channelList().nullish(),
  deliveryState: deliveryState().nullish(),
  pushTicketIds: strArray().nullish(),
  deliveryError: str().nullish(),
  dedupeKey: dedupeKey().nullish(),
  expiresAt: ts().nullish(),
  isRead: bool().nullish(),
  readAt: ts().nullish(),
  openedAt: ts().nullish(),
  createdAt: ts().nullish(),
});

/**
 * Creates a notification through notify(): `module` is an alias of relatedEntityType (rules 1
 * and 2: when both are sent, relatedEntityType wins); a dedupeKey already used in the
 * organization returns the stored notification (`created: false`) and queues nothing.
 */
export const create = defineOperation({
  namespace: 'notifications',
  name: 'create',
  summary: 'Create a notification (pushed to the recipient\'s devices when channels include push)',
  writes: true,
  input: createInput,
  async handler(ctx, input) {
    const { module, relatedEntityType, ...rest } = input;
    return writeNotification(ctx.db, ctx, { ...rest, relatedEntityType: relatedEntityType !== undefined ? relatedEntityType : module });
  },
});
