import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { ResolveHost } from '../provider-interfaces.ts';

/**
 * Every request this service makes to a URL it was given (webhook targets, the HTTP providers)
 * goes through here: the host is resolved once, EVERY address it resolves to is checked in every
 * spelling, and the connection is made to the addresses that were checked (the request's own
 * `lookup` answers them), so a name cannot resolve to a public address for the check and to a
 * private one for the connection (DNS rebinding). Redirects are answers, never followed.
 */

export const systemResolver: ResolveHost = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

export interface OutboundPolicy {
  /** Whether a private address of this host may be connected to (the host as the URL names it). */
  allowPrivate: (host: string) => boolean;
  resolve?: ResolveHost | undefined;
}

/** Private addresses allowed for every host (WEBHOOK_ALLOW_PRIVATE_TARGETS, tests with local fakes). */
export const anyAddress = (resolve?: ResolveHost): OutboundPolicy => ({ allowPrivate: () => true, resolve });
/** Public addresses only. */
export const publicOnly = (resolve?: ResolveHost): OutboundPolicy => ({ allowPrivate: () => false, resolve });

/** A checked target: the URL and the addresses its host resolved to, each allowed. */
export interface Target {
  url: URL;
  addresses: { address: string; family: 4 | 6 }[];
}

export type Checked = { ok: true; target: Target } | { ok: false; reason: string };

/** IPv6 prefixes whose last 32 bits are an IPv4 address the packet ends up at. */
const EMBEDDING_IPV4: [ipaddr.IPv6, number, string][] = [
  [ipaddr.IPv6.parse('::ffff:0:0'), 96, 'IPv4-mapped'],
  [ipaddr.IPv6.parse('::'), 96, 'IPv4-compatible'],
  [ipaddr.IPv6.parse('::ffff:0:0:0'), 96, 'IPv4-translated'],
  [ipaddr.IPv6.parse('64:ff9b::'), 96, 'NAT64'],
];
const SIX_TO_FOUR = ipaddr.IPv6.parse('2002::');
const GLOBAL_UNICAST = ipaddr.IPv6.parse('2000::');

const ipv4Of = (bytes: number[]) => new ipaddr.IPv4(bytes);

function refusedIpv4(ip: ipaddr.IPv4, spelling: string): string | null {
  const range = ip.range();
  return range === 'unicast' ? null : `${spelling} is a ${range} address (${ip.toString()})`;
}

/**
 * Why an address may not be connected to, or null when it is a public unicast address. Takes any
 * spelling an address can have: IPv4 in octal, hex or short forms (0177.0.0.1, 0x7f.1, 127.1,
 * 2130706433) and IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d,
 * IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), which are judged by the IPv4
 * address they lead to. Teredo, local-use NAT64 and everything outside global unicast are refused.
 * Not an address at all: 'not an IP address'.
 */
export function refusedAddress(address: string): string | null {
  const spelling = address.replace(/^\[|\]$/g, '');
  if (ipaddr.IPv4.isValid(spelling)) return refusedIpv4(ipaddr.IPv4.parse(spelling), spelling);
  if (!ipaddr.IPv6.isValid(spelling)) return 'not an IP address';
  const ip = ipaddr.IPv6.parse(spelling);
  const bytes = ip.toByteArray();
  for (const [prefix, bits, kind] of EMBEDDING_IPV4) {
    if (ip.match(prefix, bits)) return refusedIpv4(ipv4Of(bytes.slice(12)), `${spelling} (${kind})`);
  }
  if (ip.match(SIX_TO_FOUR, 16)) return refusedIpv4(ipv4Of(bytes.slice(2, 6)), `${spelling} (6to4)`);
  const range = ip.range();
  if (range !== 'unicast' || !ip.match(GLOBAL_UNICAST, 3)) return `${spelling} is a ${range === 'unicast' ? 'non-global' : range} address`;
  return null;
}

/**
 * Resolves the URL's host (an address literal is taken as it is) and checks every address it
 * resolves to. Answers the target to send to, or the reason it is refused.
 */
export async function checkTarget(url: string, policy: OutboundPolicy): Promise<Checked> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { ok: false, reason: 'only http and https targets' };
  if (parsed.username || parsed.password) return { ok: false, reason: 'no credentials in the URL' };
  // The WHATWG parser has already turned every IPv4 spelling into dotted decimal.
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : await (policy.resolve ?? systemResolver)(host);
  } catch {
    return { ok: false, reason: `${host} does not resolve` };
  }
  if (addresses.length === 0) return { ok: false, reason: `${host} does not resolve` };
  const allowPrivate = policy.allowPrivate(host);
  const checked: Target['addresses'] = [];
  for (const address of addresses) {
    if (!ipaddr.isValid(address)) return { ok: false, reason: `${host} resolved to ${address}, not an address` };
    const refused = refusedAddress(address);
    if (refused && !allowPrivate) return { ok: false, reason: `${host} resolves to ${refused}; private targets are not allowed` };
    checked.push({ address, family: ipaddr.IPv4.isValid(address) ? 4 : 6 });
  }
  return { ok: true, target: { url: parsed, addresses: checked } };
}

export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

export interface OutboundRequest {
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
  /** The whole exchange, connection to last byte. */
  timeoutMs: number;
  /** The most of the answer's body that is read (default 1 MiB); more is an error. 0: the body is not read. */
  maxBodyBytes?: number;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  /** The body as text ('' when it was not read). */
  text: string;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

/** A `lookup` for the connection that answers only the checked addresses, whatever name it is asked. */
function checkedLookup(addresses: Target['addresses']): LookupFunction {
  return (_hostname, options, callback) => {
    const all = (options as { all?: boolean }).all === true;
    if (all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

/** Sends to a checked target, connecting only to its checked addresses. Rejects on network failure or timeout (name TimeoutError). */
export function send(target: Target, request: OutboundRequest): Promise<OutboundResponse> {
  const { url, addresses } = target;
  const maxBodyBytes = request.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const requestOf = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    const outgoing = requestOf(url, {
      method: request.method,
      headers: { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      lookup: checkedLookup(addresses),
      agent: false,
    });
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const timer = setTimeout(() => {
      const error = new Error(`no answer within ${request.timeoutMs} ms`);
      error.name = 'TimeoutError';
      fail(error);
      outgoing.destroy(error);
    }, request.timeoutMs);
    outgoing.on('error', fail);
    outgoing.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const answer = (text: string) => {
        clearTimeout(timer);
        resolve({ status, ok: status >= 200 && status < 300, text });
      };
      if (maxBodyBytes === 0) {
        response.destroy();
        answer('');
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBodyBytes) response.destroy(new Error(`the answer is larger than ${maxBodyBytes} bytes`));
        else chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () => answer(Buffer.concat(chunks).toString('utf8')));
    });
    outgoing.end(body);
  });
}

/** checkTarget, then send: a refused target rejects with OutboundRefused. */
export async function outboundRequest(url: string, policy: OutboundPolicy, request: OutboundRequest): Promise<OutboundResponse> {
  const checked = await checkTarget(url, policy);
  if (!checked.ok) throw new OutboundRefused(`target refused: ${checked.reason}`);
  return send(checked.target, request);
}

/**
 * The policy of a provider URL the operator configured: an address literal (http://10.0.0.5/) is
 * trusted as given (no name, so nothing to rebind); a name must resolve to public addresses only,
 * unless the operator lists it in OUTBOUND_ALLOW_PRIVATE_HOSTS (an internal gateway's name).
 */
export function providerPolicy(allowedPrivateHosts: readonly string[] = [], resolve?: ResolveHost): OutboundPolicy {
  const allowed = new Set(allowedPrivateHosts.map((h) => h.toLowerCase()));
  return { allowPrivate: (host) => ipaddr.isValid(host) || allowed.has(host.toLowerCase()), resolve };
}
