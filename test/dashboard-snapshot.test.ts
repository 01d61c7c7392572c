/** The pure parts of npm run dashboard:snapshot (scripts/dashboard/): Grafana's variables, Prometheus' answers, the SVG. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  builtInVariables, dashboardVariables, dataPanels, hasData, legendName, missingLegendLabels, stepSeconds, substitute, toSeries, visibleTargets, type Dashboard, type Panel, type PromSeries,
} from '../scripts/dashboard/grafana.ts';
import { panelBox, renderDashboard, renderPanel, stacked } from '../scripts/dashboard/svg.ts';
import { formatValue, niceTicks, unitTicks } from '../scripts/dashboard/units.ts';
import { ROOT } from './service-process.ts';

const dashboard = JSON.parse(readFileSync(join(ROOT, 'docs/grafana-dashboard.json'), 'utf8')) as Dashboard;
const T0 = 1_790_000_000;

/** The points of an SVG path's `d` (M x y L x y ...). */
const pointsOf = (d: string) => [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map(([, x, y]) => ({ x: Number(x), y: Number(y) }));
/** The `d` of every path drawn for the series `name`. */
const pathsOf = (svg: string, name: string) => [...svg.matchAll(new RegExp(`<path data-series="${name}" d="([^"]+)"`, 'g'))].map(([, d]) => d!);

describe('Grafana variables', () => {
  test('over a short run scraped every second: the step is the scrape interval, $__rate_interval four of them, $__range the run', () => {
    const v = builtInVariables({ from: T0, to: T0 + 90, scrapeSeconds: 1, maxDataPoints: 500 });
    assert.deepEqual(v, { __interval: '1s', __interval_ms: '1000', __rate_interval: '4s', __range: '90s', __range_s: '90', __range_ms: '90000' });
    assert.equal(stepSeconds(v), 1);
  });

  test('over an hour: $__interval is the range over the points asked for, $__rate_interval one scrape more', () => {
    const v = builtInVariables({ from: T0, to: T0 + 3600, scrapeSeconds: 1, maxDataPoints: 500 });
    assert.equal(v.__interval, '8s');
    assert.equal(v.__rate_interval, '9s');
  });

  test('each written form is replaced; an unknown variable is an error naming it', () => {
    const values = { instance: '.*', __rate_interval: '4s' };
    assert.equal(substitute('rate(x{instance=~"$instance"}[$__rate_interval])', values), 'rate(x{instance=~".*"}[4s])');
    assert.equal(substitute('x{a=~"${instance}",b=~"${instance:regex}",c=~"[[instance]]"}', values), 'x{a=~".*",b=~".*",c=~".*"}');
    assert.throws(() => substitute('x{job="$job"}', values), /unknown variable \$job in x\{job="\$job"\}/);
  });

  test('the dashboard: $instance is its "All" (.*), and every query of every panel is left with no variable', () => {
    assert.deepEqual(dashboardVariables(dashboard), { instance: '.*' });
    const values = { ...builtInVariables({ from: T0, to: T0 + 90, scrapeSeconds: 1, maxDataPoints: 500 }), ...dashboardVariables(dashboard) };
    const queries = dataPanels(dashboard).flatMap(visibleTargets);
    assert.ok(queries.length >= 15);
    for (const query of queries) assert.doesNotMatch(substitute(query.expr, values), /\$|\[\[/);
  });
});

describe("Prometheus' answers", () => {
  test('series are named by the legend format, or by the metric and its labels', () => {
    assert.equal(legendName('{{namespace}}.{{operation}}', { namespace: 'appointments', operation: 'getById' }), 'appointments.getById');
    assert.equal(legendName(undefined, { __name__: 'up', job: 'healthops' }), 'up{job="healthops"}');
    assert.equal(legendName('', {}), '{}');
  });

  test("a legend naming a label that the answer's series lack is found", () => {
    const answer: PromSeries[] = [{ metric: { job: 'healthops', exported_job: 'webhooks.deliver' }, values: [] }, { metric: { job: 'healthops' }, values: [] }];
    assert.deepEqual(missingLegendLabels('{{exported_job}} ok/s', answer), ['exported_job']);
    assert.deepEqual(missingLegendLabels('{{job}}', answer), []);
    assert.deepEqual(missingLegendLabels(undefined, answer), []);
  });

  test("the dashboard never reads the service's own `job` label, which Prometheus renames exported_job (its `job` is the scrape job)", () => {
    for (const query of dataPanels(dashboard).flatMap(visibleTargets)) {
      if (!/healthops_job_/.test(query.expr)) continue;
      assert.doesNotMatch(query.expr, /\bby \((?:le, )?job\)/, query.expr);
      assert.doesNotMatch(query.legendFormat ?? '', /\{\{job\}\}/);
    }
  });

  test('no series, or series of NaN only, is no data', () => {
    const target = { refId: 'A', expr: 'x' };
    assert.equal(hasData(toSeries(target, [])), false);
    assert.equal(hasData(toSeries(target, [{ metric: {}, values: [[T0, 'NaN']] }])), false);
    assert.equal(hasData(toSeries(target, [{ metric: {}, values: [[T0, 'NaN'], [T0 + 1, '0']] }])), true);
  });
});

describe('units and axes', () => {
  test("values are written in the panel's unit", () => {
    assert.equal(formatValue(1234.5, 'reqps'), '1235 req/s');
    assert.equal(formatValue(0.00234, 's'), '2.34 ms');
    assert.equal(formatValue(0.0000125, 's'), '12.5 µs');
    assert.equal(formatValue(150 * 1024 * 1024, 'bytes'), '150 MiB');
    assert.equal(formatValue(0.25, 'percentunit'), '25%');
    assert.equal(formatValue(1500, 'short'), '1.5 K');
    assert.equal(formatValue(Number.NaN, 's'), '-');
  });

  test('ticks are round and cover the values', () => {
    assert.deepEqual(niceTicks(0, 37, 4).ticks, [0, 10, 20, 30, 40]);
    assert.deepEqual(unitTicks(0, 900 * 1024 * 1024, 4, 'bytes').ticks.map((t) => t / 1024 / 1024), [0, 250, 500, 750, 1000]);
  });
});

describe('the SVG', () => {
  const panel: Panel = {
    id: 7,
    type: 'timeseries',
    title: 'Latency <p95> & more',
    gridPos: { x: 12, y: 1, w: 12, h: 8 },
    fieldConfig: { defaults: { unit: 's' } },
    options: { legend: { calcs: ['mean', 'max', 'lastNotNull'] } },
    targets: [{ refId: 'A', expr: 'q', legendFormat: '{{operation}}' }],
  };
  const answer: PromSeries[] = [
    { metric: { operation: 'getById' }, values: [[T0, '0.001'], [T0 + 10, '0.002'], [T0 + 20, '0.004'], [T0 + 30, 'NaN'], [T0 + 40, '0.003']] },
  ];
  const series = toSeries(panel.targets![0]!, answer);
  const axis = { from: T0, to: T0 + 40, phases: [] };
  const box = panelBox(panel, 1800, 0);

  test('a panel is placed by its gridPos on 24 columns', () => {
    assert.ok(Math.abs(box.x - 900) < 10, `x ${box.x}`);
    assert.ok(Math.abs(box.w - 880) < 10, `w ${box.w}`);
    assert.ok(box.y > 0 && box.h > 200);
  });

  test("a time series panel holds its title, and a line whose points follow the values and break at NaN", () => {
    const svg = renderPanel(panel, series, box, axis);
    assert.ok(svg.includes('Latency &lt;p95&gt; &amp; more'));
    const paths = pathsOf(svg, 'getById');
    assert.equal(paths.length, 2, 'the NaN leaves a gap');
    const points = [...pointsOf(paths[0]!), ...pointsOf(paths[1]!)];
    const values = [0.001, 0.002, 0.004, 0.003];
    const times = [0, 10, 20, 40];
    // x in proportion to time, y in proportion to value (SVG's y grows downwards)
    const xPerSecond = (points[1]!.x - points[0]!.x) / 10;
    const yPerValue = (points[0]!.y - points[1]!.y) / 0.001;
    assert.ok(xPerSecond > 0 && yPerValue > 0);
    points.forEach((p, i) => {
      assert.ok(Math.abs(p.x - points[0]!.x - times[i]! * xPerSecond) < 0.2, `x of point ${i}`);
      assert.ok(Math.abs(points[0]!.y - p.y - (values[i]! - values[0]!) * yPerValue) < 0.2, `y of point ${i}`);
    });
    // the axis and the legend in the panel's unit: mean, max, last of 1, 2, 4, 3 ms
    assert.match(svg, />4 ms</);
    assert.match(svg, />2.5 ms<.*\n.*>4 ms<.*\n.*>3 ms</);
  });

  test('a panel whose queries answered nothing says No data', () => {
    assert.match(renderPanel(panel, [], box, axis), /No data/);
  });

  test('a stat panel shows its last value in its unit', () => {
    const svg = renderPanel({ ...panel, type: 'stat', options: {} }, series, box, axis);
    assert.match(svg, /data-series="getById"[^>]*>3 ms</);
  });

  test('stacked series are drawn each on top of those before it', () => {
    const two = [
      { name: 'a', points: [{ t: T0, v: 1 }, { t: T0 + 1, v: 2 }] },
      { name: 'b', points: [{ t: T0, v: 10 }, { t: T0 + 1, v: Number.NaN }] },
    ];
    const layers = stacked(two, true);
    assert.deepEqual(layers[1]!.top.points.map((p) => p.v), [11, Number.NaN]);
    assert.deepEqual(layers[1]!.base.points.map((p) => p.v), [1, 2]);
    assert.deepEqual(stacked(two, false)[1]!.top.points.map((p) => p.v), [10, Number.NaN]);
  });

  test('the page holds every panel title of the dashboard and the caption', () => {
    const svg = renderDashboard({ dashboard, data: new Map([[2, series]]), ...axis, notes: ['a note'], caption: 'rendered by a test; not Grafana' });
    for (const p of dashboard.panels) assert.ok(svg.includes(`>${p.title.replace(/&/g, '&amp;')}</text>`), p.title);
    assert.ok(svg.includes('rendered by a test; not Grafana'));
    assert.equal((svg.match(/No data/g) ?? []).length, dataPanels(dashboard).length - 1);
  });
});
