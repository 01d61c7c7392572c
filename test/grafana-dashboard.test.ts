import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { eachOnItsOwn } from '../src/background/each-on-its-own.ts';
import { JobRunner } from '../src/background/runner.ts';
import type { Context } from '../src/operations/operation.ts';
import { createServices } from '../src/providers/index.ts';
import { describeEachDialect, ok } from './harness.ts';
import { ROOT } from './service-process.ts';

const TOKEN = 'metrics-token-0123456789-abcdefghijklmnop';

interface Panel {
  title: string;
  targets?: { expr: string }[];
}

const dashboard = JSON.parse(readFileSync(join(ROOT, 'docs/grafana-dashboard.json'), 'utf8')) as { panels: Panel[] };
const expressions = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })));

/** The series names a PromQL expression reads: the service's (healthops_) and prom-client's process metrics. */
const seriesOf = (expr: string) => [...expr.matchAll(/\b(?:healthops|process|nodejs)_[a-z0-9_]+\b/g)].map(([name]) => name);

/** The names of the series in Prometheus' text format (`name{...} value` or `name value`). */
const exposed = (text: string) => new Set(text.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)![0]));

/** The metric families the service declares (`# TYPE healthops_... kind`). */
const families = (text: string) => [...text.matchAll(/^# TYPE (healthops_\w+) /gm)].map(([, name]) => name!);

describeEachDialect(
  'docs/grafana-dashboard.json',
  (t) => {
    test('every series the dashboard queries is in /metrics, and every metric of the service is on the dashboard and in the README', async () => {
      // What fills the labelled series: a call, a refused call, a job run, a job item failing on its own.
      ok(await t().call('tokenCounters', 'create', { organizationId: 'o1', date: '2026-01-01', prefix: 'P', lastSequence: 0 }));
      assert.equal((await t().call('tokenCounters', 'create', {})).statusCode, 400);
      const { database, config, app } = t();
      await new JobRunner({ database, config, services: createServices(config, app.log), log: app.log, jobs: [
          { name: 'dashboardTest.tick', everyMs: 60_000, run: async () => 0 },
          { name: 'dashboardTest.items', everyMs: 60_000, transactional: false, run: (ctx: Context) => eachOnItsOwn(ctx, 'dashboardTest.items', [{ id: 'a' }], () => Promise.reject(new Error('down'))) },
        ] }).runDue();

      const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(response.statusCode, 200);
      const names = exposed(response.body);
      assert.ok(expressions.length >= 15, 'the dashboard has its panels');
      const missing = expressions.flatMap(({ panel, expr }) => seriesOf(expr).filter((name) => !names.has(name)).map((name) => `${panel}: ${name}`));
      assert.deepEqual(missing, []);

      const queried = new Set(expressions.flatMap(({ expr }) => seriesOf(expr)));
      const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
      for (const family of families(response.body)) {
        assert.ok([...queried].some((name) => name.startsWith(family)), `${family} is on no panel of the dashboard`);
        assert.ok(readme.includes(`\`${family}\``), `${family} is not described in README.md "Metrics"`);
      }
    });
  },
  { env: { METRICS_TOKEN: TOKEN } },
);
