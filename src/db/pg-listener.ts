import pg from 'pg';

const RETRY_MS = 1_000;
/** A barrier's round trip that takes longer than this counts the connection as lost. */
const BARRIER_TIMEOUT_MS = 2_000;

/**
 * Counts the NOTIFYs of one channel per payload (`schema.table` of the changed table, migration
 * 0131; another schema's tables, another deployment's or test's, count for nothing here), on a
 * connection of its own with the pool's settings (PostgreSQL). `version(tables)` changes with every notification about one
 * of the tables and is undefined while the connection is not listening (before it is up, and after
 * it is lost until it is back), so that a cache relying on it caches nothing then.
 */
export class ChangeListener {
  readonly #config: pg.ClientConfig;
  readonly #channel: string;
  #client: pg.Client | undefined;
  #listening = false;
  /** bumped when the connection is (re)established: whatever was remembered before may have missed a notification */
  #epoch = 0;
  readonly #counts = new Map<string, number>();
  /** `schema.`: the payloads name schema and table; this process's tables are in its connection's current schema */
  #schema = '';
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

  version(tables: readonly string[]): string | undefined {
    if (!this.#listening) return undefined;
    let version = String(this.#epoch);
    for (const table of tables) version += `.${this.#counts.get(this.#schema + table) ?? 0}`;
    return version;
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
    client.on('notification', ({ payload = '' }) => this.#counts.set(payload, (this.#counts.get(payload) ?? 0) + 1));
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.#channel)}`);
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
      if (this.#client !== client || this.#closed) return;
      this.#schema = `${rows[0]!.schema}.`;
      this.#epoch++;
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
