import pg from 'pg';

const RETRY_MS = 1_000;

/**
 * Counts the NOTIFYs of one channel, on a connection of its own (PostgreSQL). `version()` changes
 * with every notification and is undefined while the connection is not listening (before it is
 * up, and after it is lost until it is back), so that a cache relying on it caches nothing then.
 */
export class ChangeListener {
  readonly #config: pg.ClientConfig;
  readonly #channel: string;
  #client: pg.Client | undefined;
  #listening = false;
  #version = 0;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;
  readonly ready: Promise<void>;

  constructor(config: pg.ClientConfig, channel: string) {
    this.#config = config;
    this.#channel = channel;
    this.ready = this.#connect();
  }

  version(): number | undefined {
    return this.#listening ? this.#version : undefined;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    clearTimeout(this.#retry);
    await this.#client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client(this.#config);
    this.#client = client;
    client.on('notification', () => this.#version++);
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.#channel)}`);
      if (this.#client !== client || this.#closed) return;
      // Whatever was remembered before this connection may have missed a notification.
      this.#version++;
      this.#listening = true;
    } catch {
      this.#lost(client);
    }
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    this.#listening = false;
    client.end().catch(() => undefined);
    if (this.#closed) return;
    this.#retry = setTimeout(() => void this.#connect(), RETRY_MS);
    this.#retry.unref();
  }
}
