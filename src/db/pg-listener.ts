import pg from 'pg';

const RETRY_MS = 1_000;
/** A barrier's round trip that takes longer than this counts the connection as lost. */
const BARRIER_TIMEOUT_MS = 2_000;

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
  /** The barrier's round trip on the wire, and the one that waits to be sent after it. */
  #sent: Promise<void> | undefined;
  #queued: Promise<void> | undefined;
  readonly ready: Promise<void>;

  constructor(config: pg.ClientConfig, channel: string) {
    this.#config = config;
    this.#channel = channel;
    this.ready = this.#connect();
  }

  version(): number | undefined {
    return this.#listening ? this.#version : undefined;
  }

  /**
   * Resolves once every notification committed before this call has been counted. A transaction's
   * NOTIFY signals the listening backend before its commit is acknowledged, and that backend hands
   * out pending notifications before it answers any later query; so a round trip sent after this
   * call, on the listening connection, comes back behind them. Callers arriving while a round trip
   * is on the wire share the next one, so that under load there is at most one per round trip.
   */
  barrier(): Promise<void> {
    const client = this.#client;
    if (!this.#listening || !client) return Promise.resolve();
    if (this.#queued) return this.#queued;
    if (!this.#sent) return (this.#sent = this.#ping(client));
    this.#queued = this.#sent.then(() => {
      this.#queued = undefined;
      return (this.#sent = this.#ping(client));
    });
    return this.#queued;
  }

  #ping(client: pg.Client): Promise<void> {
    const ping: Promise<void> = client.query('SELECT 1').then(
      () => {
        if (this.#sent === ping) this.#sent = undefined;
      },
      () => {
        if (this.#sent === ping) this.#sent = undefined;
        this.#lost(client);
      },
    );
    return ping;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    clearTimeout(this.#retry);
    await this.#client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ ...this.#config, query_timeout: BARRIER_TIMEOUT_MS });
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
