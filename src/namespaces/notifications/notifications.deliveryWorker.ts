import type { Config } from '../../config.ts';
import type { DatabaseHandle, Db, Dialect } from '../../db/database.ts';
import { claimDue, type Leased } from '../../background/leased-queue.ts';
import { Poller } from '../../background/poller.ts';
import { PUSH_REQUEST_TIMEOUT_MS } from '../../providers/http-push.ts';
import { mailerFor, pushProvider, smsSenderFor } from '../../providers/index.ts';
import type { PushProvider } from '../../provider-interfaces.ts';
import { deliveryQueue, type DeliveryJob } from './notifications.deliveries.ts';
import type { DeliveryRun, DeliveryWorkerOptions } from './notifications.delivery.ts';
import { deliverMessage, type MessageSenders } from './notifications.messageDelivery.ts';
import { deliverPush } from './notifications.pushDelivery.ts';
import type { DeliveryChannel } from './notifications.table.ts';

export type { DeliveryWorkerOptions } from './notifications.delivery.ts';
export { NO_EMAIL_ADDRESS, NO_MOBILE_NUMBER } from './notifications.messageDelivery.ts';

export interface DeliveryWorkerDeps extends MessageSenders {
  db: Db;
  dialect: Dialect;
  push: PushProvider | undefined;
  log: DeliveryRun['log'];
  options: DeliveryWorkerOptions;
  /** unix ms; tests move it to make retries due */
  now?: () => number;
}

const DEFAULT_LEASE_MS = 4 * PUSH_REQUEST_TIMEOUT_MS;
const DEFAULT_BATCH_SIZE = 20;

/**
 * Sends queued notifications (the outbox table notificationDeliveries, one job per channel). Each
 * run claims due jobs of the channels it has a provider for, with a lease (src/background/leased-queue.ts),
 * and delivers them at once: push (notifications.pushDelivery.ts), sms and email
 * (notifications.messageDelivery.ts). Each outcome is written in one transaction, only while the
 * job is still this worker's, so a worker that lost its lease writes nothing. A failed request is
 * retried with exponential backoff up to maxAttempts. A job claimed by a process that stopped is
 * claimed again when its lease runs out; a job committed while no worker ran is due at once, so
 * start() picks it up. The loop is the job runner's (src/background/poller.ts).
 */
export class DeliveryWorker {
  readonly #deps: DeliveryWorkerDeps;
  readonly #run: DeliveryRun;
  readonly #leaseMs: number;
  readonly #batchSize: number;
  readonly #poller: Poller;

  constructor(deps: DeliveryWorkerDeps) {
    this.#deps = deps;
    this.#run = { db: deps.db, dialect: deps.dialect, log: deps.log, options: deps.options, now: deps.now ?? Date.now };
    this.#leaseMs = deps.options.leaseMs ?? DEFAULT_LEASE_MS;
    this.#batchSize = deps.options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.#poller = new Poller(() => this.#drain(), deps.options.pollIntervalMs, (err) => deps.log.error({ err }, 'push delivery run failed'));
  }

  /** Runs at once (jobs left by a stopped process go out first), then every pollIntervalMs. */
  start(): void {
    this.#poller.start();
  }

  /** Stops polling and waits for the run in flight to finish writing its outcomes. */
  async stop(): Promise<void> {
    await this.#poller.stop();
  }

  /** Claims one batch of due jobs and delivers them; resolves with the number claimed. */
  async runOnce(): Promise<number> {
    const { db, log, now } = this.#run;
    const channels = this.#channels();
    if (channels.length === 0) return 0;
    const jobs = await claimDue(db, deliveryQueue, { now: now(), leaseMs: this.#leaseMs, limit: this.#batchSize, only: { column: 'channel', values: channels } });
    await Promise.all(
      jobs.map((job) =>
        this.#deliver(job).catch((err: unknown) => {
          // The job stays claimed until its lease ends, then it is tried again.
          log.error({ err, notificationId: job.notificationId, channel: job.channel }, 'delivery failed unexpectedly');
        }),
      ),
    );
    return jobs.length;
  }

  async #drain(): Promise<void> {
    while (this.#poller.started && (await this.runOnce()) === this.#batchSize);
  }

  /** The channels this worker has a provider for. */
  #channels(): DeliveryChannel[] {
    const { push, sms, mailer } = this.#deps;
    return [push && 'push', sms && 'sms', mailer && 'email'].filter((c): c is DeliveryChannel => typeof c === 'string');
  }

  async #deliver(job: Leased<DeliveryJob>): Promise<void> {
    const { push } = this.#deps;
    if (job.channel === 'push' && push) return deliverPush(this.#run, push, job);
    if (job.channel === 'sms' || job.channel === 'email') return deliverMessage(this.#run, this.#deps, job, job.channel);
  }
}

/** The worker main.ts runs: only when a push, SMS or mail provider is configured. */
export function deliveryWorkerFor(config: Config, database: DatabaseHandle, log: DeliveryWorkerDeps['log']): DeliveryWorker | undefined {
  const providers = { push: pushProvider(config), sms: smsSenderFor(config), mailer: mailerFor(config) };
  if (!providers.push && !providers.sms && !providers.mailer) return undefined;
  return new DeliveryWorker({ db: database.db, dialect: database.dialect, ...providers, log, options: config.push });
}
