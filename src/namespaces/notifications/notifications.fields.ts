import { idpUserId, jsonObject, reqStr, str, strArray, ts } from '../../values/fields.ts';
import { channelList, dedupeKey, deliveryState } from './notifications.resource.ts';

/** The fields create requires; update takes each of them optionally (they cannot be cleared). */
export const requiredFields = {
  recipientIdpUserId: idpUserId(),
  recipientRole: reqStr().max(64),
  type: reqStr().max(128),
  title: reqStr().max(500),
  message: reqStr(),
};

/** The optional fields, the same on create and update (null clears on update). */
export const optionalFields = {
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
  readAt: ts().nullish(),
  openedAt: ts().nullish(),
};
