import { nextAttemptAt, type Leased } from '../../background/leased-queue.ts';
import type { PushProvider } from '../../provider-interfaces.ts';
import { activeDevices, deactivateDevices, findNotification, recordDelivery, settleJob, stillRecipient, type DeliveryJob } from './notifications.deliveries.ts';
import { givenUp, lostLease, messageFor, NO_ACTIVE_DEVICES, outcomeOf, reasonOf, type DeliveryOutcome, type DeliveryRun } from './notifications.delivery.ts';
import { EXPIRED } from './notifications.notify.ts';
import { NOT_A_RECIPIENT } from './notifications.recipients.ts';

/**
 * One push job: the notification to the recipient's active devices in one provider request; the
 * outcome (deliveryState, pushTicketIds, deliveryError) is written with the job's state, and
 * devices the provider no longer knows are deactivated. A failed request is retried with backoff.
 */
export async function deliverPush(run: DeliveryRun, push: PushProvider, job: Leased<DeliveryJob>): Promise<void> {
  const { db } = run;
  const notification = await findNotification(db, job.notificationId);
  if (!notification) {
    await settleJob(db, job, run.now(), { state: 'done', lastError: 'notification deleted' });
    return;
  }
  const gaveUp = givenUp(job, run.options);
  if (gaveUp) return settle(run, job, 'failed', { deliveryState: 'failed', deliveryError: gaveUp });
  if (notification.expiresAt !== null && notification.expiresAt <= run.now()) return settle(run, job, 'done', { deliveryState: 'failed', deliveryError: EXPIRED });
  if (!(await stillRecipient(db, notification))) return settle(run, job, 'done', { deliveryState: 'failed', deliveryError: NOT_A_RECIPIENT });
  const devices = await activeDevices(db, notification.recipientIdpUserId);
  if (devices.length === 0) return settle(run, job, 'done', { deliveryState: 'failed', deliveryError: NO_ACTIVE_DEVICES });

  let outcome: DeliveryOutcome;
  try {
    outcome = outcomeOf(devices, await push.send(devices.map((d) => messageFor(notification, d))));
  } catch (error) {
    return retryLater(run, job, reasonOf(error));
  }
  return settle(run, job, 'done', { deliveryState: outcome.state, deliveryError: outcome.error, pushTicketIds: outcome.ticketIds }, outcome.unregistered);
}

async function retryLater(run: DeliveryRun, job: Leased<DeliveryJob>, reason: string): Promise<void> {
  const { maxAttempts } = run.options;
  run.log.warn({ notificationId: job.notificationId, attempt: job.attempts, reason }, 'push provider request failed');
  const now = run.now();
  const next = nextAttemptAt(job.attempts, run.options, now);
  if (next === undefined) return settle(run, job, 'failed', { deliveryState: 'failed', deliveryError: `push provider failed ${job.attempts} times; last: ${reason}` }, [], reason);
  await run.db.transaction().execute(async (trx) => {
    if (!(await settleJob(trx, job, now, { state: 'pending', nextAttemptAt: next, lastError: reason }))) return lostLease(run, job);
    await recordDelivery(trx, job.notificationId, now, { deliveryError: `attempt ${job.attempts} of ${maxAttempts} failed (${reason}); retrying` });
  });
}

async function settle(
  run: DeliveryRun,
  job: Leased<DeliveryJob>,
  jobState: 'done' | 'failed',
  fields: Parameters<typeof recordDelivery>[3],
  unregistered: DeliveryOutcome['unregistered'] = [],
  lastError: string | null = fields.deliveryError,
): Promise<void> {
  const now = run.now();
  await run.db.transaction().execute(async (trx) => {
    if (!(await settleJob(trx, job, now, { state: jobState, lastError }))) return lostLease(run, job);
    await recordDelivery(trx, job.notificationId, now, fields);
    await deactivateDevices(trx, unregistered, now);
  });
}
