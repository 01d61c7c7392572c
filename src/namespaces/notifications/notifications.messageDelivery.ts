import { nextAttemptAt, type Leased } from '../../background/leased-queue.ts';
import type { Mailer, SmsSender } from '../../provider-interfaces.ts';
import { contactOf, findNotification, recordChannel, settleJob, stillRecipient, type DeliveryJob } from './notifications.deliveries.ts';
import { givenUp, lostLease, reasonOf, withoutContacts, type DeliveryRun } from './notifications.delivery.ts';
import { EXPIRED } from './notifications.notify.ts';
import { NOT_A_RECIPIENT } from './notifications.recipients.ts';
import type { NotificationRecord } from './notifications.resource.ts';
import type { ChannelOutcome } from './notifications.table.ts';

/** An SMS of up to three concatenated parts. */
const MAX_SMS_TEXT = 459;
export const NO_MOBILE_NUMBER = 'no mobile number for the recipient';
export const NO_EMAIL_ADDRESS = 'no email address for the recipient';

/** The providers of the sms and email channels (SMS_URL, SMTP_URL). */
export interface MessageSenders {
  sms?: SmsSender | undefined;
  mailer?: Mailer | undefined;
}

/**
 * One sms or email: to the recipient's number or address, looked up now and never kept on the
 * notification (staff read it); retried with backoff when the provider fails. A recipient who
 * is no longer one of the organization's own people gets nothing.
 */
export async function deliverMessage(run: DeliveryRun, senders: MessageSenders, job: Leased<DeliveryJob>, channel: 'sms' | 'email'): Promise<void> {
  const { db, options } = run;
  const notification = await findNotification(db, job.notificationId);
  if (!notification) {
    await settleJob(db, job, run.now(), { state: 'done', lastError: 'notification deleted' });
    return;
  }
  const failed = (error: string) => settleChannel(run, job, channel, 'failed', { state: 'failed', error });
  const gaveUp = givenUp(job, options);
  if (gaveUp) return failed(gaveUp);
  if (notification.expiresAt !== null && notification.expiresAt <= run.now()) return failed(EXPIRED);
  if (!(await stillRecipient(db, notification))) return failed(NOT_A_RECIPIENT);
  const to = await contactOf(db, notification, channel);
  if (!to) return failed(channel === 'sms' ? NO_MOBILE_NUMBER : NO_EMAIL_ADDRESS);
  try {
    await send(senders, channel, to, notification);
  } catch (error) {
    // A provider's message may quote the address (a mail server's refusal does): never kept.
    const reason = withoutContacts(reasonOf(error), to);
    const now = run.now();
    const next = nextAttemptAt(job.attempts, options, now);
    if (next === undefined) return failed(`${channel} provider failed ${job.attempts} times; last: ${reason}`);
    const outcome: ChannelOutcome = { state: 'pending', error: `attempt ${job.attempts} of ${options.maxAttempts} failed (${reason}); retrying`, at: now };
    return settleChannel(run, job, channel, 'pending', outcome, next, reason);
  }
  return settleChannel(run, job, channel, 'done', { state: 'sent', error: null });
}

async function send(senders: MessageSenders, channel: 'sms' | 'email', to: string, notification: NotificationRecord): Promise<void> {
  if (channel === 'sms') await senders.sms!.send(to, `${notification.title}: ${notification.message}`.slice(0, MAX_SMS_TEXT));
  else await senders.mailer!.send({ to, subject: notification.title, text: notification.message });
}

async function settleChannel(
  run: DeliveryRun,
  job: Leased<DeliveryJob>,
  channel: 'sms' | 'email',
  jobState: 'pending' | 'done' | 'failed',
  outcome: Omit<ChannelOutcome, 'at'> & { at?: number },
  nextAttemptAt?: number,
  lastError: string | null = outcome.error,
): Promise<void> {
  const now = run.now();
  await run.db.transaction().execute(async (trx) => {
    const next = nextAttemptAt === undefined ? { state: jobState, lastError } : { state: jobState, lastError, nextAttemptAt };
    if (!(await settleJob(trx, job, now, next))) return lostLease(run, job);
    await recordChannel(trx, run.dialect, job.notificationId, channel, { ...outcome, at: now });
  });
}
