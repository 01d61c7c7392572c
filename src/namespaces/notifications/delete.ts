import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { notFound } from '../../values/errors.ts';
import { id } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { deletedResult, deletedAnswer } from '../../values/results.ts';
import { removeNotification } from './notifications.repo.ts';

/** Deletes the notification and its outbox job (a push not yet sent is not sent). */
export const remove = defineOperation({
  namespace: 'notifications',
  name: 'delete', audience: member(),
  summary: 'Delete a notification',
  writes: true,
  input: z.object({ id: id(), organizationId: id() }),
  output: deletedResult,
  async handler(ctx, input) {
    if (!(await removeNotification(ctx.db, input.organizationId, input.id))) throw notFound('notification');
    return deletedAnswer(input.id);
  },
});
