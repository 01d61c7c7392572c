import { z } from 'zod';
import { out } from '../../values/results.ts';
import { notifications } from './notifications.resource.ts';

/** What notify() and notifications.create answer: the notification, and false when its dedupeKey returned a stored one. */
export const notifyResult = z.object({ item: notifications.schemas.record, created: out.bool() });
