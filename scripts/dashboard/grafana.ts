/**
 * What npm run dashboard:snapshot needs of a Grafana dashboard (docs/grafana-dashboard.json): its
 * panels, their PromQL with Grafana's variables given values, and Prometheus' answers turned into
 * named series. Pure: no process, no network (scripts/dashboard-snapshot.ts does those).
 */

export interface GridPos {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PanelTarget {
  refId: string;
  expr: string;
  legendFormat?: string;
  hide?: boolean;
}

export interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: GridPos;
  targets?: PanelTarget[];
  fieldConfig?: {
    defaults?: {
      unit?: string;
      custom?: { fillOpacity?: number; lineWidth?: number; stacking?: { mode?: string } };
    };
  };
  options?: { legend?: { calcs?: string[] } };
}

export interface TemplateVariable {
  name: string;
  type: string;
  includeAll?: boolean;
  allValue?: string;
}

export interface Dashboard {
  title: string;
  panels: Panel[];
  templating?: { list: TemplateVariable[] };
}

/** The panels that show data (rows are headings; a panel without queries is skipped by the check). */
export const dataPanels = (dashboard: Dashboard): Panel[] => dashboard.panels.filter((panel) => panel.type !== 'row' && (panel.targets ?? []).length > 0);

/** The queries of a panel that Grafana runs (a hidden one is not drawn). */
export const visibleTargets = (panel: Panel): PanelTarget[] => (panel.targets ?? []).filter((target) => !target.hide && target.expr.trim() !== '');

export interface Window {
  /** unix seconds */
  from: number;
  to: number;
  /** Prometheus' scrape interval, seconds */
  scrapeSeconds: number;
  /** the most points Grafana asks for (its default is the panel's width in pixels) */
  maxDataPoints: number;
}

/**
 * Grafana's built-in variables for a query over `window`, as Grafana computes them for a
 * Prometheus data source whose scrape interval is `scrapeSeconds`: $__interval is the range over
 * maxDataPoints, at least the scrape interval (here rounded up to whole seconds, where Grafana
 * rounds to its own list of steps); $__rate_interval is max($__interval + scrape interval,
 * 4 x scrape interval); $__range is the whole window.
 */
export function builtInVariables(window: Window): Record<string, string> {
  const rangeSeconds = Math.max(1, Math.round(window.to - window.from));
  const intervalSeconds = Math.max(window.scrapeSeconds, Math.ceil(rangeSeconds / window.maxDataPoints));
  const rateSeconds = Math.max(intervalSeconds + window.scrapeSeconds, 4 * window.scrapeSeconds);
  return {
    __interval: `${intervalSeconds}s`,
    __interval_ms: String(intervalSeconds * 1000),
    __rate_interval: `${rateSeconds}s`,
    __range: `${rangeSeconds}s`,
    __range_s: String(rangeSeconds),
    __range_ms: String(rangeSeconds * 1000),
  };
}

/** The step of a range query: Grafana's $__interval, in seconds. */
export const stepSeconds = (variables: Record<string, string>): number => Number(variables.__interval_ms) / 1000;

/**
 * The dashboard's own variables with the values the snapshot uses: each "All" that it allows
 * (its allValue, e.g. `.*` for $instance: every scraped process); the data source is Prometheus
 * itself and never appears in an expression.
 */
export function dashboardVariables(dashboard: Dashboard): Record<string, string> {
  const values: Record<string, string> = {};
  for (const variable of dashboard.templating?.list ?? []) {
    if (variable.type === 'datasource') continue;
    if (!variable.includeAll) throw new Error(`dashboard variable $${variable.name} has no "All" value: give the snapshot a value for it`);
    values[variable.name] = variable.allValue ?? '.*';
  }
  return values;
}

/**
 * `expr` with Grafana's variables replaced: `$name`, `${name}`, `${name:format}` and `[[name]]`.
 * An unknown variable is an error, so that a dashboard using a new one is noticed, not queried
 * with a literal `$`.
 */
export function substitute(expr: string, values: Readonly<Record<string, string>>): string {
  return expr.replace(/\$\{(\w+)(?::\w+)?\}|\[\[(\w+)\]\]|\$(\w+)/g, (whole, braced?: string, bracketed?: string, bare?: string) => {
    const name = (braced ?? bracketed ?? bare)!;
    const value = values[name];
    if (value === undefined) throw new Error(`unknown variable ${whole} in ${expr}`);
    return value;
  });
}

/** One series of a range query as Prometheus answers it (api/v1/query_range, resultType matrix). */
export interface PromSeries {
  metric: Record<string, string>;
  values: [number, string][];
}

export interface Point {
  /** unix seconds */
  t: number;
  /** NaN where Prometheus answers NaN (e.g. a quantile of no observations): a gap */
  v: number;
}

export interface Series {
  name: string;
  points: Point[];
}

/** A series' name as Grafana writes it: the legend format with `{{label}}` filled, else the metric and its labels. */
export function legendName(format: string | undefined, metric: Readonly<Record<string, string>>): string {
  if (format && format !== '__auto') return format.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, label: string) => metric[label] ?? '');
  const { __name__: name, ...labels } = metric;
  const inner = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(', ');
  return inner ? `${name ?? ''}{${inner}}` : (name ?? '{}');
}

/** The labels a legend format names that a series of the answer lacks (Grafana would write them as empty). */
export function missingLegendLabels(format: string | undefined, answer: readonly PromSeries[]): string[] {
  const named = [...(format ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map(([, label]) => label!);
  return [...new Set(named.filter((label) => answer.some((series) => series.metric[label] === undefined)))];
}

export const toSeries = (target: PanelTarget, answer: readonly PromSeries[]): Series[] =>
  answer.map((series) => ({ name: legendName(target.legendFormat, series.metric), points: series.values.map(([t, v]) => ({ t, v: Number(v) })) }));

/** Whether a query's answer holds any value to draw: no series, or only NaN, is "no data". */
export const hasData = (series: readonly Series[]): boolean => series.some((s) => s.points.some((p) => Number.isFinite(p.v)));

/** The legend's figures of a series (Grafana's reducers mean, max, min, lastNotNull, last over the finite values). */
export function reduce(series: Series, calc: string): number {
  const values = series.points.map((p) => p.v).filter(Number.isFinite);
  if (values.length === 0) return Number.NaN;
  switch (calc) {
    case 'mean':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'max':
      return Math.max(...values);
    case 'min':
      return Math.min(...values);
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'first':
    case 'firstNotNull':
      return values[0]!;
    default:
      return values[values.length - 1]!;
  }
}

export const CALC_LABELS: Readonly<Record<string, string>> = { mean: 'Mean', max: 'Max', min: 'Min', sum: 'Total', last: 'Last', lastNotNull: 'Last *', first: 'First', firstNotNull: 'First *' };
