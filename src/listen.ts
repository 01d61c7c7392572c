import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

export interface Listening {
  /** the address the socket is bound to: `http://0.0.0.0:3901` when it listens on every interface */
  bound: string;
  /** an address it can be reached at from this machine: `http://127.0.0.1:3901` then */
  reachable: string;
}

/**
 * Listens on the configured HOST and PORT (PORT=0: a free port) and says where, from the socket
 * itself: npm start's start-up line and the demo print these, never the configuration.
 */
export async function listen(app: FastifyInstance, config: Pick<Config, 'host' | 'port'>): Promise<Listening> {
  // Fastify answers one address it listens at: 127.0.0.1 for 0.0.0.0, but [::] (no address to open) for ::.
  const reachable = (await app.listen({ port: config.port, host: config.host })).replace('//[::]:', '//[::1]:');
  const address = app.server.address();
  return { bound: address === null || typeof address === 'string' ? reachable : urlOf(address), reachable };
}

function urlOf({ address, family, port }: AddressInfo): string {
  return `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
}
