import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../values/errors.ts';

/**
 * Whether a webhook may be sent to `url`: http(s) only, and (unless private targets are allowed)
 * every address its host resolves to must be a public unicast address, so that a subscriber
 * cannot make the service call into its own network (loopback, private, link-local such as cloud
 * metadata at 169.254.169.254, unique-local, unspecified ...). Checked when subscribing and again
 * before every delivery (the name may resolve elsewhere by then). Answers the reason, or null.
 */
export async function refusedTarget(url: string, allowPrivate: boolean): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'only http and https targets';
  if (parsed.username || parsed.password) return 'no credentials in the URL';
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `${host} does not resolve`;
  }
  for (const address of addresses) {
    const ip = ipaddr.process(address);
    const range = ip.range();
    if (range !== 'unicast') return `${host} is a ${range} address (${address}); private targets are not allowed`;
  }
  return null;
}

export async function assertTarget(url: string, allowPrivate: boolean): Promise<void> {
  const reason = await refusedTarget(url, allowPrivate);
  if (reason) throw new AppError('VALIDATION_FAILED', `url: ${reason}`, { details: [{ path: 'url', message: reason }] });
}
