import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { DatabaseHandle, Db, Dialect } from '../../db/database.ts';
import { retryDelayMs } from '../../background/runner.ts';
import { PUSH_REQUEST_TIMEOUT_MS } from '../../providers/http-push.ts';
import { mailerFor, pushProvider, smsSenderFor } from '../../providers/index.ts';
import type { Mailer, PushProvider, SmsSender } from '../../provider-interfaces.ts';
import {
  activeDevices,
  claimDue,
  contactOf,
  deactivateDevices,
  findNotification,
  recordChannel,
  recordDelivery,
  settleJob,
  stillRecipient,
  type DeliveryJob,
} from './notifications.deliveries.ts';
import { messageFor, NO_ACTIVE_DEVICES, outcomeOf, withoutContacts, type DeliveryOutcome } from './notifications.delivery.ts';
import { NOT_A_RECIPIENT } from './notifications.recipients.ts';
import type { NotificationRecord } from './notifications.resource.ts';
import type { ChannelOutcome, DeliveryChannel } from './notifications.table.ts';
import { EXPIRED } from './notifications.notify.ts';

export interface DeliveryWorkerOptions {
  /** Pause between polls when there was nothing (more) to do. */
  pollIntervalMs: number;
  /** After this many failed provider requests the job fails and the notification is `failed`. */
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claimed job is this worker's; longer than a provider request may take. */
  leaseMs?: number;
  /** Jobs claimed (and sent concurrently) per run. */
  batchSize?: number;
}

export interface DeliveryWorkerDeps {
  db: Db;
  dialect: Dialect;
  push: PushProvider | undefined;
  /** the `sms` channel's provider (SMS_URL) */
  sms?: SmsSender | undefined;
  /** the `email` channel's provider (SMTP_URL) */
  mailer?: Mailer | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  options: DeliveryWorkerOptions;
  /** unix ms; tests move it to make retries due */
  now?: () => number;
}

const DEFAULT_LEASE_MS = 4 * PUSH_REQUEST_TIMEOUT_MS;
const DEFAULT_BATCH_SIZE = 20;
/** An SMS of up to three concatenated parts. */
const MAX_SMS_TEXT = 459;
export const NO_MOBILE_NUMBER = 'no mobile number for the recipient';
export const NO_EMAIL_ADDRESS = 'no email address for the recipient';

/**
 * Sends queued notifications (the outbox table notificationDeliveries, one job per channel). Each
 * run claims due jobs of the channels it has a provider for, with a lease; a push job sends the
 * notification to the recipient's active devices in one provider request and writes the outcome
 * (deliveryState, pushTicketIds, deliveryError); an sms or email job sends one message to the
 * recipient's mobile number or email address and writes `channelDelivery`. Each outcome is written
 * in one transaction, fenced by the claim so a worker that lost its lease writes nothing. A failed
 * request is retried with exponential backoff up to maxAttempts. A job claimed by a process that
 * stopped is claimed again when its lease runs out; a job committed while no worker ran is due at
 * once, so start() picks it up.
 */
export class DeliveryWorker {
  readonly #deps: DeliveryWorkerDeps;
  readonly #leaseMs: number;
  readonly #batchSize: number;
  #running: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #started = false;

  constructor(deps: DeliveryWorkerDeps) {
    this.#deps = deps;
    this.#leaseMs = deps.options.leaseMs ?? DEFAULT_LEASE_MS;
    this.#batchSize = deps.options.batchSize ?? DEFAULT_BATCH_SIZE;
  }

  /** Runs at once (jobs left by a stopped process go out first), then every pollIntervalMs. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#tick();
  }

  /** Stops polling and waits for the run in flight to finish writing its outcomes. */
  async stop(): Promise<void> {
    this.#started = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  /** Claims one batch of due jobs and delivers them; resolves with the number claimed. */
  async runOnce(): Promise<number> {
    const { db, dialect, log } = this.#deps;
    const channels = this.#channels();
    if (channels.length === 0) return 0;
    const jobs = await claimDue(db, dialect, this.#now(), this.#leaseMs, this.#batchSize, channels);
    await Promise.all(
      jobs.map((job) =>
        this.#deliverJob(job).catch((err: unknown) => {
          // The job stays claimed until its lease ends, then it is tried again.
          log.error({ err, notificationId: job.notificationId, channel: job.channel }, 'delivery failed unexpectedly');
        }),
      ),
    );
    return jobs.length;
  }

  #tick(): void {
    this.#running = this.#drain()
      .catch((err: unknown) => this.#deps.log.error({ err }, 'push delivery run failed'))
      .finally(() => {
        this.#running = undefined;
        if (!this.#started) return;
        this.#timer = setTimeout(() => this.#tick(), this.#deps.options.pollIntervalMs);
        this.#timer.unref();
      });
  }

  async #drain(): Promise<void> {
    while (this.#started && (await this.runOnce()) === this.#batchSize);
  }

  #now(): number {
    return (this.#deps.now ?? Date.now)();
  }

  /** The channels this worker has a provider for. */
  #channels(): DeliveryChannel[] {
    const { push, sms, mailer } = this.#deps;
    return [push && 'push', sms && 'sms', mailer && 'email'].filter((c): c is DeliveryChannel => typeof c === 'string');
  }

  async #deliverJob(job: DeliveryJob): Promise<void> {
    const { push } = this.#deps;
    if (job.channel === 'push' && push) return this.#deliver(job, push);
    if (job.channel === 'sms' || job.channel === 'email') return this.#deliverMessage(job, job.channel);
  }

  /**
   * One sms or email: to the recipient's number or address, looked up now and never kept on the
   * notification (staff read it); retried with backoff when the provider fails. A recipient who
   * is no longer one of the organization's own people gets nothing.
   */
  async #deliverMessage(job: DeliveryJob, channel: 'sms' | 'email'): Promise<void> {
    const { db, options } = this.#deps;
    const notification = await findNotification(db, job.notificationId);
    if (!notification) {
      await settleJob(db, job, this.#now(), { state: 'done', lastError: 'notification deleted' });
      return;
    }
    const failed = (error: string) => this.#settleChannel(job, channel, 'failed', { state: 'failed', error });
    if (job.attempts > options.maxAttempts) return failed(`gave up after ${options.maxAttempts} attempts: ${job.lastError ?? 'interrupted'}`);
    if (notification.expiresAt !== null && notification.expiresAt <= this.#now()) return failed(EXPIRED);
    if (!(await stillRecipient(db, notification))) return failed(NOT_A_RECIPIENT);
    const to = await contactOf(db, notification, channel);
    if (!to) return failed(channel === 'sms' ? NO_MOBILE_NUMBER : NO_EMAIL_ADDRESS);
    try {
      await this.#send(channel, to, notification);
    } catch (error) {
      // A provider's message may quote the address (a mail server's refusal does): never kept.
      const reason = withoutContacts(reasonOf(error), to);
      if (job.attempts >= options.maxAttempts) return failed(`${channel} provider failed ${job.attempts} times; last: ${reason}`);
      const now = this.#now();
      const outcome: ChannelOutcome = { state: 'pending', error: `attempt ${job.attempts} of ${options.maxAttempts} failed (${reason}); retrying`, at: now };
      const nextAttemptAt = now + retryDelayMs(job.attempts, options.retryBaseMs, options.retryMaxMs);
      return this.#settleChannel(job, channel, 'pending', outcome, nextAttemptAt, reason);
    }
    return this.#settleChannel(job, channel, 'done', { state: 'sent', error: null });
  }

  async #send(channel: 'sms' | 'email', to: string, notification: NotificationRecord): Promise<void> {
    const { sms, mailer } = this.#deps;
    if (channel === 'sms') await sms!.send(to, `${notification.title}: ${notification.message}`.slice(0, MAX_SMS_TEXT));
    else await mailer!.send({ to, subject: notification.title, text: notification.message });
  }

  async #settleChannel(
    job: DeliveryJob,
    channel: 'sms' | 'email',
    jobState: 'pending' | 'done' | 'failed',
    outcome: Omit<ChannelOutcome, 'at'> & { at?: number },
    nextAttemptAt?: number,
    lastError: string | null = outcome.error,
  ): Promise<void> {
    const now = this.#now();
    const { db, dialect } = this.#deps;
    await db.transaction().execute(async (trx) => {
      const next = nextAttemptAt === undefined ? { state: jobState, lastError } : { state: jobState, lastError, nextAttemptAt };
      if (!(await settleJob(trx, job, now, next))) return this.#lostLease(job);
      await recordChannel(trx, dialect, job.notificationId, channel, { ...outcome, at: now });
    });
  }

  async #deliver(job: DeliveryJob, push: PushProvider): Promise<void> {
    const { db, options } = this.#deps;
    const notification = await findNotification(db, job.notificationId);
    if (!notification) {
      await settleJob(db, job, this.#now(), { state: 'done', lastError: 'notification deleted' });
      return;
    }
    if (job.attempts > options.maxAttempts) {
      // Attempts claimed by processes that stopped before settling also count.
      return this.#settle(job, 'failed', { deliveryState: 'failed', deliveryError: `gave up after ${options.maxAttempts} attempts: ${job.lastError ?? 'interrupted'}` });
    }
    if (notification.expiresAt !== null && notification.expiresAt <= this.#now()) {
      return this.#settle(job, 'done', { deliveryState: 'failed', deliveryError: EXPIRED });
    }
    if (!(await stillRecipient(db, notification))) return this.#settle(job, 'done', { deliveryState: 'failed', deliveryError: NOT_A_RECIPIENT });
    const devices = await activeDevices(db, notification.recipientIdpUserId);
    if (devices.length === 0) return this.#settle(job, 'done', { deliveryState: 'failed', deliveryError: NO_ACTIVE_DEVICES });

    let outcome: DeliveryOutcome;
    try {
      outcome = outcomeOf(devices, await push.send(devices.map((d) => messageFor(notification, d))));
    } catch (error) {
      return this.#retryLater(job, notification, reasonOf(error));
    }
    return this.#settle(
      job,
      'done',
      { deliveryState: outcome.state, deliveryError: outcome.error, pushTicketIds: outcome.ticketIds },
      outcome.unregistered,
    );
  }

  async #retryLater(job: DeliveryJob, notification: NotificationRecord, reason: string): Promise<void> {
    const { maxAttempts, retryBaseMs, retryMaxMs } = this.#deps.options;
    this.#deps.log.warn({ notificationId: notification.id, attempt: job.attempts, reason }, 'push provider request failed');
    if (job.attempts >= maxAttempts) {
      return this.#settle(job, 'failed', { deliveryState: 'failed', deliveryError: `push provider failed ${job.attempts} times; last: ${reason}` }, [], reason);
    }
    const now = this.#now();
    const nextAttemptAt = now + retryDelayMs(job.attempts, retryBaseMs, retryMaxMs);
    await this.#deps.db.transaction().execute(async (trx) => {
      if (!(await settleJob(trx, job, now, { state: 'pending', nextAttemptAt, lastError: reason }))) return this.#lostLease(job);
      await recordDelivery(trx, notification.id, now, {
        deliveryError: `attempt ${job.attempts} of ${maxAttempts} failed (${reason}); retrying`,
      });
    });
  }

  async #settle(
    job: DeliveryJob,
    jobState: 'done' | 'failed',
    fields: Parameters<typeof recordDelivery>[3],
    unregistered: DeliveryOutcome['unregistered'] = [],
    lastError: string | null = fields.deliveryError,
  ): Promise<void> {
    const now = this.#now();
    await this.#deps.db.transaction().execute(async (trx) => {
      if (!(await settleJob(trx, job, now, { state: jobState, lastError }))) return this.#lostLease(job);
      await recordDelivery(trx, job.notificationId, now, fields);
      await deactivateDevices(trx, unregistered, now);
    });
  }

  #lostLease(job: DeliveryJob): void {
    this.#deps.log.warn({ notificationId: job.notificationId }, 'push delivery lease lost to another worker; outcome not written');
  }
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}

/** The worker main.ts runs: only when a push, SMS or mail provider is configured. */
export function deliveryWorkerFor(config: Config, database: DatabaseHandle, log: DeliveryWorkerDeps['log']): DeliveryWorker | undefined {
  const providers = { push: pushProvider(config), sms: smsSenderFor(config), mailer: mailerFor(config) };
  if (!providers.push && !providers.sms && !providers.mailer) return undefined;
  return new DeliveryWorker({ db: database.db, dialect: database.dialect, ...providers, log, options: config.push });
}
