import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { api } from '../../test/service-process.ts';
import { createTestApp, describeEachDialect, dialects, ok, type TestApp } from '../../test/harness.ts';
import { booking, clinic } from '../namespaces/appointments/appointments.testkit.ts';
import { listenToEvents } from '../namespaces/webhooks/webhooks.testkit.ts';
import { eachOnItsOwn } from '../background/each-on-its-own.ts';
import { JobRunner } from '../background/runner.ts';
import type { Context } from '../operations/operation.ts';
import { createServices } from '../providers/index.ts';
import { scrape as scrapeSources } from './metrics-endpoint.ts';

const TOKEN = 'metrics-token-0123456789-abcdefghijklmnop';

/** The value of one series in Prometheus' text format (`name{labels} value`); undefined when absent. */
export function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** GET /metrics with `Authorization: Bearer <token>` (null: without the header). */
async function scrape(base: string, token: string | null = TOKEN): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`${base}/metrics`, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** Runs `use` with a test app of its own, closed after; answers the app. */
async function withApp(dialect: TestApp['dialect'], env: Record<string, string>, use: (t: TestApp) => Promise<void>): Promise<TestApp> {
  const t = await createTestApp(dialect, { env });
  try {
    await use(t);
  } finally {
    await t.close();
  }
  return t;
}

const BOOKINGS = 'healthops_requests_total{namespace="appointments",operation="create",status="200"}';
const BOOKING_LATENCY = 'healthops_request_duration_seconds_count{namespace="appointments",operation="create"}';

describeEachDialect(
  'GET /metrics on the service port, behind METRICS_TOKEN',
  (t) => {
    let base: string;
    before(async () => {
      base = await t().app.listen({ port: 0, host: '127.0.0.1' });
    });

    test('a booking through the envelope shows in its request counter, its latency histogram and the webhook outbox', async () => {
      const c = await clinic(t());
      await listenToEvents(t(), c.org);
      const before = await scrape(base);
      assert.equal(before.status, 200);
      assert.match(before.type ?? '', /^text\/plain; version=0\.0\.4/);

      const answer = await api(base, 'appointments', 'create', booking(c, { scheduledDate: '2030-04-02' }));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const refused = await api(base, 'appointments', 'create', booking(c, { scheduledDate: 'not a date' }));
      assert.equal(refused.status, 400);

      const after = await scrape(base);
      assert.equal(sample(after.text, BOOKINGS), (sample(before.text, BOOKINGS) ?? 0) + 1);
      assert.equal(sample(after.text, BOOKING_LATENCY), (sample(before.text, BOOKING_LATENCY) ?? 0) + 2);
      assert.equal(
        sample(after.text, 'healthops_requests_total{namespace="appointments",operation="create",status="400"}'),
        (sample(before.text, 'healthops_requests_total{namespace="appointments",operation="create",status="400"}') ?? 0) + 1,
      );
      assert.ok(sample(after.text, 'healthops_request_duration_seconds_bucket{le="+Inf",namespace="appointments",operation="create"}')! >= 2);
      assert.ok(sample(after.text, 'healthops_errors_total{code="VALIDATION_FAILED"}')! >= 1);
      // The booking's appointment.created event waits for the subscription's delivery.
      assert.ok(sample(after.text, 'healthops_outbox_due{queue="webhookDeliveries"}')! >= 1, after.text);
      assert.equal(typeof sample(after.text, 'healthops_outbox_due{queue="notificationDeliveries"}'), 'number');
      assert.equal(typeof sample(after.text, 'healthops_read_log_queued'), 'number');
      assert.ok(sample(after.text, 'process_resident_memory_bytes')! > 0);
      if (t().dialect === 'sqlite') assert.ok(sample(after.text, 'healthops_group_commit_batches_total')! >= 1);
      else assert.ok(sample(after.text, 'healthops_db_pool_connections')! >= 1);
    });

    test('job runs and failures are counted by job', async () => {
      const { database, config, app } = t();
      const jobs = [
        { name: 'metricsTest.works', everyMs: 60_000, run: async () => 1 },
        { name: 'metricsTest.fails', everyMs: 60_000, run: () => Promise.reject(new Error('down')) },
        {
          name: 'metricsTest.oneItemFails',
          everyMs: 60_000,
          transactional: false,
          run: (ctx: Context) => eachOnItsOwn(ctx, 'metricsTest.oneItemFails', [{ id: 'a' }, { id: 'b' }], (_tx, item) => (item.id === 'a' ? Promise.reject(new Error('down')) : Promise.resolve(true))),
        },
      ];
      const runner = new JobRunner({ database, config, services: createServices(config, app.log), log: app.log, jobs });
      assert.deepEqual(await runner.runDue(), ['metricsTest.works', 'metricsTest.fails', 'metricsTest.oneItemFails']);
      const { text } = await scrape(base);
      assert.ok(sample(text, 'healthops_job_runs_total{job="metricsTest.works",outcome="ok"}')! >= 1);
      assert.ok(sample(text, 'healthops_job_runs_total{job="metricsTest.fails",outcome="failed"}')! >= 1);
      assert.ok(sample(text, 'healthops_job_run_duration_seconds_count{job="metricsTest.fails"}')! >= 1);
      // A run acting on each item on its own is ok with one item failed, and the item is counted.
      assert.ok(sample(text, 'healthops_job_runs_total{job="metricsTest.oneItemFails",outcome="ok"}')! >= 1);
      assert.ok(sample(text, 'healthops_job_item_failures_total{job="metricsTest.oneItemFails"}')! >= 1);
    });

    test('without the token, or with another, 401 and nothing of the metrics', async () => {
      for (const token of [null, 'wrong', `${TOKEN}x`, TOKEN.slice(0, -1)]) {
        const { status, text } = await scrape(base, token);
        assert.equal(status, 401, String(token));
        assert.equal(JSON.parse(text).error.code, 'UNAUTHENTICATED');
        assert.doesNotMatch(text, /healthops_requests_total/);
      }
    });

    test('what a caller names is never a label: an unknown operation adds no series', async () => {
      const answer = await api(base, 'appointments', 'zzUnknownOperation', {});
      assert.equal(answer.status, 404);
      const { text } = await scrape(base);
      assert.doesNotMatch(text, /zzUnknownOperation/);
      assert.ok(sample(text, 'healthops_errors_total{code="UNKNOWN_OPERATION"}')! >= 1);
    });
  },
  { env: { METRICS_TOKEN: TOKEN } },
);

for (const dialect of dialects) {
  void describe(`GET /metrics on a port of its own (METRICS_PORT) [${dialect}]`, () => {
    test('served there to whoever reaches it, 404 on the service port and for any other path', async () => {
      const closed = await withApp(dialect, { METRICS_PORT: '0' }, async (t) => {
        const own = t.app.metricsServer?.url();
        assert.ok(own?.startsWith('http://127.0.0.1:'), own);
        const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
        ok(await t.call('tokenCounters', 'create', { organizationId: 'o1', date: '2026-01-01', prefix: 'P', lastSequence: 0 }));
        const there = await scrape(own!, null);
        assert.equal(there.status, 200);
        assert.ok(sample(there.text, 'healthops_requests_total{namespace="tokenCounters",operation="create",status="200"}')! >= 1);
        assert.equal((await fetch(`${own!}/api`)).status, 404);
        const onService = await scrape(base, null);
        assert.equal(onService.status, 404);
        assert.equal(JSON.parse(onService.text).error.code, 'UNKNOWN_OPERATION');
      });
      assert.equal(closed.app.metricsServer?.url(), undefined, 'closed with the app');
    });

    test('with METRICS_TOKEN too, its own port asks for the token', async () => {
      await withApp(dialect, { METRICS_PORT: '0', METRICS_TOKEN: TOKEN }, async (t) => {
        const own = t.app.metricsServer!.url()!;
        assert.equal((await scrape(own, null)).status, 401);
        assert.equal((await scrape(own, 'wrong')).status, 401);
        assert.equal((await scrape(own)).status, 200);
      });
    });
  });
}

describe('a scrape while the database is away', () => {
  test('answers the rest, leaving out the outbox it could not count', async () => {
    await withApp('sqlite', {}, async (t) => {
      const outboxes = [
        { queue: 'awayQueue', due: () => Promise.reject(new Error('the database is not reachable')) },
        { queue: 'hereQueue', due: async () => 7 },
      ];
      const { text } = await scrapeSources({ database: t.database, readLog: { queued: 3 }, outboxes, now: Date.now });
      assert.equal(sample(text, 'healthops_outbox_due{queue="hereQueue"}'), 7);
      assert.equal(sample(text, 'healthops_read_log_queued'), 3);
      assert.doesNotMatch(text, /awayQueue/);
      const later = await scrapeSources({ database: t.database, readLog: { queued: 0 }, outboxes: [{ queue: 'hereQueue', due: () => Promise.reject(new Error('away')) }], now: Date.now });
      assert.doesNotMatch(later.text, /hereQueue/, 'a count that failed leaves no stale value');
    });
  });
});

describe('GET /metrics unconfigured', () => {
  test('answers 404 UNKNOWN_OPERATION, as any path the service does not serve', async () => {
    await withApp('sqlite', {}, async (t) => {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(response.statusCode, 404);
      assert.equal(response.json().error.code, 'UNKNOWN_OPERATION');
    });
  });
});
