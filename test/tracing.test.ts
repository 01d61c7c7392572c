import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { dialects } from './harness.ts';
import { api, freshPostgresDatabase, ROOT, scratchDir, startService, type ServiceProcess } from './service-process.ts';

/** A span as OTLP/HTTP's JSON encoding sends it (the fields read here). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string; boolValue?: boolean } }[];
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? value?.boolValue : Number(value.intValue));
};

/** A stand-in for an OpenTelemetry collector: keeps the spans POSTed to /v1/traces as JSON. */
async function fakeCollector(): Promise<{ url: string; spans: OtlpSpan[]; contentTypes: string[]; close: () => Promise<void> }> {
  const spans: OtlpSpan[] = [];
  const contentTypes: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        contentTypes.push(String(request.headers['content-type']));
        const sent = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const resource of sent.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  return { url: `http://127.0.0.1:${address.port}`, spans, contentTypes, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

const PRELOAD = `--import=${join(ROOT, 'test', 'loaded-packages.fixture.ts')}`;

/** The @opentelemetry packages the process loaded, as the preloaded fixture wrote them at exit. */
function loadedPackages(service: ServiceProcess): string[] {
  const line = service.lines.find((l) => l.startsWith('{"loadedOpenTelemetry"'));
  assert.ok(line, `the fixture wrote nothing:\n${service.lines.join('\n')}`);
  return (JSON.parse(line) as { loadedOpenTelemetry: string[] }).loadedOpenTelemetry;
}

/** A database for a service process of the dialect: a scratch SQLite file or a fresh PostgreSQL database. */
async function databaseFor(dialect: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'postgres') return freshPostgresDatabase();
  const dir = scratchDir();
  return { url: `sqlite:${join(dir, 'h.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

for (const dialect of dialects) {
  void describe(`tracing with OTEL_EXPORTER_OTLP_ENDPOINT [${dialect}]`, () => {
    let collector: Awaited<ReturnType<typeof fakeCollector>>;
    let database: { url: string; drop: () => Promise<void> };
    before(async () => {
      collector = await fakeCollector();
      database = await databaseFor(dialect);
    });
    after(async () => {
      await collector.close();
      await database.drop();
    });

    test('a call is one span named namespace.apiName, its SQL statements child spans with their text and no parameters', async () => {
      const service = startService({ DATABASE_URL: database.url, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, NODE_OPTIONS: PRELOAD });
      try {
        const { base, line } = await service.started;
        assert.equal(line.tracing, collector.url);
        const answer = await api(base, 'tokenCounters', 'create', { organizationId: 'org-traced', date: '2026-01-01', prefix: 'SECRETPREFIX', lastSequence: 0 });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        const refused = await api(base, 'tokenCounters', 'create', { organizationId: 'org-traced', date: 'no date', prefix: 'P', lastSequence: 0 });
        assert.equal(refused.status, 400);
        // A caller that traces sends W3C traceparent: the operation's span joins its trace.
        const joined = await fetch(`${base}/api`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
          body: JSON.stringify({ namespace: 'tokenCounters', apiName: 'listByOrganization', data: { organizationId: 'org-traced' } }),
        });
        assert.equal(joined.status, 200, await joined.text());
      } finally {
        // Stopping sends the spans still batched.
        assert.equal(await service.stop(), 0, service.lines.join('\n'));
      }
      assert.ok(collector.contentTypes.every((type) => type.startsWith('application/json')), collector.contentTypes.join());

      const [created, failed] = collector.spans.filter((s) => s.name === 'tokenCounters.create');
      assert.ok(created && failed, `spans: ${collector.spans.map((s) => s.name).join(', ')}`);
      assert.equal(attribute(created, 'healthops.operation'), 'tokenCounters.create');
      assert.equal(attribute(created, 'healthops.organization.id'), 'org-traced');
      assert.equal(attribute(created, 'http.response.status_code'), 200);
      assert.equal(attribute(failed, 'http.response.status_code'), 400);
      assert.equal(attribute(failed, 'error.type'), 'VALIDATION_FAILED');

      const statements = collector.spans.filter((s) => s.parentSpanId === created.spanId);
      const texts = statements.map((s) => String(attribute(s, 'db.query.text')));
      assert.ok(texts.some((text) => /^insert into "tokenCounters"/.test(text)), texts.join('\n'));
      assert.ok(texts.some((text) => /^insert into "auditLog"/.test(text)), texts.join('\n'));
      for (const span of statements) {
        assert.equal(span.traceId, created.traceId);
        assert.equal(attribute(span, 'db.system.name'), dialect === 'postgres' ? 'postgresql' : 'sqlite');
      }
      assert.doesNotMatch(JSON.stringify(collector.spans), /SECRETPREFIX/, 'a parameter reached a span');
      const child = collector.spans.find((s) => s.name === 'tokenCounters.listByOrganization');
      assert.deepEqual([child?.traceId, child?.parentSpanId], [CALLER_TRACE, CALLER_SPAN], 'the span is a child of the caller\'s');
      assert.notEqual(created.traceId, CALLER_TRACE, 'a call without traceparent starts a trace of its own');
      assert.ok(loadedPackages(service).includes('@opentelemetry/sdk-trace'));
    });
  });
}

void describe('tracing without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  test('nothing of OpenTelemetry is loaded but the API package prom-client requires itself', async () => {
    const dir = scratchDir();
    const service = startService({ DATABASE_URL: `sqlite:${join(dir, 'h.db')}`, METRICS_TOKEN: 'metrics-token-0123456789-abcdefghijklmnop', NODE_OPTIONS: PRELOAD });
    try {
      const { base, line } = await service.started;
      assert.equal(line.tracing, false);
      const answer = await api(base, 'tokenCounters', 'create', { organizationId: 'o1', date: '2026-01-01', prefix: 'P', lastSequence: 0 });
      assert.equal(answer.status, 200);
      const metrics = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789-abcdefghijklmnop' } });
      assert.equal(metrics.status, 200);
    } finally {
      assert.equal(await service.stop(), 0, service.lines.join('\n'));
      rmSync(dir, { recursive: true, force: true });
    }
    // prom-client requires @opentelemetry/api (a no-op interface package) for its exemplars.
    assert.deepEqual(loadedPackages(service), ['@opentelemetry/api']);
  });
});
