import type { SmsSender } from '../provider-interfaces.ts';
import { outboundRequest, providerPolicy, type OutboundPolicy } from './outbound.ts';

/** An SMS gateway spoken to as JSON over HTTP: POST {to, message} with a bearer key. */
export function httpSms(url: string, apiKey: string | undefined, policy: OutboundPolicy = providerPolicy()): SmsSender {
  return {
    async send(to: string, text: string) {
      const response = await outboundRequest(url, policy, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ to, message: text }),
        timeoutMs: 10_000,
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}
