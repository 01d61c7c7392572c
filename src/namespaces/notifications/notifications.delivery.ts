import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../../db/database.ts';
import type { Leased, RetryPolicy } from '../../background/leased-queue.ts';
import type { PushMessage, PushTicket } from '../../provider-interfaces.ts';
import type { DeliveryJob, DeviceRow } from './notifications.deliveries.ts';
import type { NotificationRecord } from './notifications.resource.ts';

/** The delivery worker's options (PUSH_*, src/config.ts): after maxAttempts failed provider requests a job fails. */
export interface DeliveryWorkerOptions extends RetryPolicy {
  /** Pause between polls when there was nothing (more) to do. */
  pollIntervalMs: number;
  /** How long a claimed job is this worker's; longer than a provider request may take. */
  leaseMs?: number;
  /** Jobs claimed (and sent concurrently) per run. */
  batchSize?: number;
}

/** What delivering one claimed job needs of its worker. */
export interface DeliveryRun {
  db: Db;
  dialect: Dialect;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  options: DeliveryWorkerOptions;
  now: () => number;
}

/** A job claimed by a process that stopped before settling counts too: past maxAttempts it is given up before sending. */
export function givenUp(job: Leased<DeliveryJob>, options: RetryPolicy): string | undefined {
  return job.attempts > options.maxAttempts ? `gave up after ${options.maxAttempts} attempts: ${job.lastError ?? 'interrupted'}` : undefined;
}

export function lostLease(run: DeliveryRun, job: DeliveryJob): void {
  run.log.warn({ notificationId: job.notificationId }, 'push delivery lease lost to another worker; outcome not written');
}

/** A failed provider request in one line, with the network error's code. */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}

/** The provider's ticket error for a token that no longer reaches an app install. */
export const DEVICE_NOT_REGISTERED = 'DeviceNotRegistered';
export const NO_ACTIVE_DEVICES = 'no active devices';
const MAX_ERROR_TEXT = 1000;

/** The push message for one device: the notification's title and message, and where the app should go. */
export function messageFor(notification: NotificationRecord, device: DeviceRow): PushMessage {
  const data: Record<string, unknown> = { notificationId: notification.id, organizationId: notification.organizationId, type: notification.type };
  const optional = ['priority', 'relatedEntityType', 'relatedEntityId', 'actionUrl', 'navigationTarget', 'navigationParams'] as const;
  for (const key of optional) if (notification[key] !== null) data[key] = notification[key];
  return { to: device.providerPushToken, title: notification.title, body: notification.message, data };
}

export interface DeliveryOutcome {
  /** sent: every device got an ok ticket; partial: some did; failed: none did */
  state: 'sent' | 'partial' | 'failed';
  ticketIds: string[];
  /** one line per device the provider refused; null when all were accepted */
  error: string | null;
  /** devices to deactivate: the provider says their token is no longer registered */
  unregistered: { id: string; providerPushToken: string; reason: string }[];
}

/** Reads the provider's tickets (one per device, in order) into the notification's delivery state. */
export function outcomeOf(devices: DeviceRow[], tickets: PushTicket[]): DeliveryOutcome {
  const ticketIds: string[] = [];
  const errors: string[] = [];
  const unregistered: DeliveryOutcome['unregistered'] = [];
  devices.forEach((device, i) => {
    const ticket = tickets[i];
    if (ticket?.status === 'ok') {
      ticketIds.push(ticket.id);
      return;
    }
    const kind = ticket?.details?.error;
    // The provider's message may quote the device's token, its secret address: never kept.
    const message = (ticket?.message ?? 'no ticket').replaceAll(device.providerPushToken, 'the device\'s token');
    errors.push(`device ${device.id}: ${kind ? `${kind}: ` : ''}${message}`);
    if (kind === DEVICE_NOT_REGISTERED) unregistered.push({ id: device.id, providerPushToken: device.providerPushToken, reason: kind });
  });
  const state = errors.length === 0 ? 'sent' : ticketIds.length > 0 ? 'partial' : 'failed';
  return { state, ticketIds, error: errors.length ? errors.join('; ').slice(0, MAX_ERROR_TEXT) : null, unregistered };
}


const EMAIL = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g;
/** A run of at least 7 digits, with the separators a phone number is written with. */
const PHONE = /\+?\d(?:[\s().-]?\d){6,}/g;

/**
 * A provider's error text without the address it was sending to, nor anything that looks like an
 * email address or a phone number: notifications show staff a delivery's state and why, never
 * where it went.
 */
export function withoutContacts(text: string, address: string): string {
  return text.split(address).join('the recipient').replace(EMAIL, 'the recipient').replace(PHONE, 'the recipient');
}
