import type { PushMessage, PushProvider, PushTicket } from '../provider-interfaces.ts';
import { outboundRequest, providerPolicy, type OutboundPolicy } from './outbound.ts';

/** The provider takes at most this many messages in one request. */
export const PUSH_BATCH_LIMIT = 100;
/** A request that takes longer is abandoned (and retried later); well below the worker's lease. */
export const PUSH_REQUEST_TIMEOUT_MS = 15_000;

/**
 * An Expo-style push HTTP API: POST of a JSON array of `{to, title, body, data}`, answered with
 * `{ data: [ticket per message] }`, each ticket `{status:'ok', id}` or
 * `{status:'error', message, details:{error}}`. The access key is sent as a bearer token.
 * A failed request (network, timeout, non-2xx, a body without one ticket per message) throws, so
 * the caller retries the whole batch; a ticket error is an answer, not a throw.
 */
export function httpPush(url: string, accessKey: string | undefined, policy: OutboundPolicy = providerPolicy()): PushProvider {
  return {
    async send(messages: PushMessage[]): Promise<PushTicket[]> {
      if (messages.length === 0) return [];
      if (messages.length > PUSH_BATCH_LIMIT) throw new Error(`at most ${PUSH_BATCH_LIMIT} push messages per request`);
      const response = await outboundRequest(url, policy, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(accessKey ? { authorization: `Bearer ${accessKey}` } : {}),
        },
        body: JSON.stringify(messages),
        timeoutMs: PUSH_REQUEST_TIMEOUT_MS,
      });
      const text = response.text;
      if (!response.ok) throw new Error(`push provider answered ${response.status}${errorSummary(text)}`);
      return ticketsOf(text, messages.length);
    },
  };
}

function ticketsOf(text: string, expected: number): PushTicket[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error('push provider answered with a body that is not JSON');
  }
  const data = (body as { data?: unknown } | null)?.data;
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : undefined;
  if (!list || list.length !== expected) {
    throw new Error(`push provider answered ${list?.length ?? 'no'} tickets for ${expected} messages`);
  }
  return list.map(toTicket);
}

function toTicket(raw: unknown): PushTicket {
  const t = (raw ?? {}) as { status?: unknown; id?: unknown; message?: unknown; details?: { error?: unknown } };
  if (t.status === 'ok' && typeof t.id === 'string') return { status: 'ok', id: t.id };
  const error = typeof t.details?.error === 'string' ? t.details.error : undefined;
  const message = typeof t.message === 'string' ? t.message : 'the provider refused the message';
  return { status: 'error', message, details: error ? { error } : undefined };
}

/** The first error message of a provider's error body (`{errors:[{message}]}`), if any, for the log and deliveryError. */
function errorSummary(text: string): string {
  try {
    const errors = (JSON.parse(text) as { errors?: { message?: unknown }[] }).errors;
    const message = errors?.[0]?.message;
    return typeof message === 'string' ? `: ${message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}
