import type { JobDefinition } from '../../background/runner.ts';
import { queueDueReminders, sendQueuedReminders } from './sleepLogs.reminders.ts';

/**
 * Every minute: queues the sleep and wake reminders that have come due, in each person's time zone,
 * then sends them to the person's devices. Not one transaction: the provider request must not hold
 * the database's write lock; each reminder is taken before it is sent and settled after.
 */
export const sleepReminders: JobDefinition = {
  name: 'sleepLogs.reminders',
  everyMs: 60_000,
  transactional: false,
  async run(ctx) {
    await ctx.db.transaction().execute((trx) => queueDueReminders(trx, ctx.now(), ctx.config.timeZone));
    const push = ctx.services.push;
    return push ? sendQueuedReminders(ctx.db, push, ctx.now()) : 0;
  },
};

export const sleepJobs: readonly JobDefinition[] = [sleepReminders];
