import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { QueueDepth } from '../background/leased-queue.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { enableProcessMetrics, renderMetrics } from '../telemetry/metrics.ts';
import { AppError } from '../values/errors.ts';

/** What a scrape reads besides the counters: the database (pool, outboxes) and the read log's queue. */
export interface MetricsSources {
  database: DatabaseHandle;
  readLog: { readonly queued: number };
  outboxes: readonly QueueDepth[];
  now: () => number;
}

/**
 * GET /metrics' answer: the metrics in Prometheus' text format, the gauges read now. An outbox that
 * cannot be counted (the database away) is left out, so that the rest is still answered.
 */
export async function scrape(sources: MetricsSources): Promise<{ contentType: string; text: string }> {
  const { database, now } = sources;
  const count = (outbox: QueueDepth) => outbox.due(database.db, now()).catch(() => undefined);
  const due = await Promise.all(sources.outboxes.map(async (outbox) => [outbox.queue, await count(outbox)] as const));
  return renderMetrics({ pool: database.poolStats?.(), readLogQueued: sources.readLog.queued, outboxDue: Object.fromEntries(due) });
}

/**
 * Serves /metrics as configured (README "Metrics"): with METRICS_PORT on a server of its own,
 * started when the app is ready and closed with it (the app's `metricsServer`); else, with
 * METRICS_TOKEN, on the app's port behind the token (401 without it); else nowhere (404).
 */
export function registerMetrics(app: FastifyInstance, config: Config, sources: MetricsSources): MetricsServer | undefined {
  const { token, port } = config.metrics;
  if (port !== undefined) {
    const server = new MetricsServer(config.metrics, sources, app.log);
    app.addHook('onReady', () => server.listen());
    app.addHook('onClose', () => server.close());
    return server;
  }
  if (token === undefined) return undefined;
  enableProcessMetrics();
  const authorized = authorizedFor(token);
  app.get('/metrics', async (request, reply) => {
    if (!authorized(request.headers.authorization)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHENTICATED', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>');
    }
    const { contentType, text } = await scrape(sources);
    return reply.type(contentType).send(text);
  });
  return undefined;
}

/**
 * Whether an Authorization header carries the configured token, compared in constant time
 * (digests of equal length, so neither the token's length nor its first differing byte shows).
 */
export function authorizedFor(token: string): (header: string | undefined) => boolean {
  const expected = createHash('sha256').update(token).digest();
  return (header) => {
    if (header === undefined || !/^Bearer /i.test(header)) return false;
    return timingSafeEqual(createHash('sha256').update(header.slice(7).trim()).digest(), expected);
  };
}

/**
 * The metrics' own server (METRICS_PORT, bound to METRICS_HOST): GET /metrics, behind the token when
 * one is configured; anything else 404. It serves nothing of the API.
 */
export class MetricsServer {
  readonly #server: Server;
  readonly #config: Config['metrics'];

  constructor(config: Config['metrics'], sources: MetricsSources, log: { error(details: object, message: string): void }) {
    this.#config = config;
    enableProcessMetrics();
    const authorized = config.token === undefined ? () => true : authorizedFor(config.token);
    this.#server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || path !== '/metrics') return void response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      if (!authorized(request.headers.authorization)) {
        return void response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('unauthorized\n');
      }
      scrape(sources).then(
        ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text),
        (err: unknown) => {
          log.error({ err }, 'metrics: the scrape failed');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('the scrape failed\n');
        },
      );
    });
  }

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#config.port, this.#config.host, () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
  }

  /** The address it listens on, as a URL. */
  url(): string | undefined {
    const bound = this.#server.address();
    if (bound === null || typeof bound === 'string') return undefined;
    return `http://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
  }
}
