/**
 * The dashboard drawn as one SVG, by hand: panels placed by their gridPos on Grafana's 24 columns,
 * each with its title, its series as lines (time series) or its value (stat), axes in the panel's
 * unit and a legend table (options.legend.calcs). Colours and layout follow Grafana's dark theme
 * closely enough to recognise the dashboard; it is not Grafana's rendering.
 */
import { CALC_LABELS, reduce, type Dashboard, type Panel, type Series } from './grafana.ts';
import { clock, formatValue, timeTicks, unitTicks } from './units.ts';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A stretch of the load (one scenario), marked on every time axis. */
export interface Phase {
  name: string;
  from: number;
  to: number;
}

export interface TimeAxis {
  /** unix seconds */
  from: number;
  to: number;
  phases: readonly Phase[];
}

export interface Snapshot extends TimeAxis {
  dashboard: Dashboard;
  /** the series of each panel (by panel id), its queries' answers one after another */
  data: ReadonlyMap<number, readonly Series[]>;
  /** lines under the title: what was run, the variables used */
  notes: readonly string[];
  /** the label in the corner saying what made the picture */
  caption: string;
  width?: number;
}

const THEME = { page: '#111217', panel: '#181b1f', border: '#2c3235', text: '#ccccdc', muted: '#8e8e8e', grid: '#2a2d33', phase: '#4a4f57' };
/** Grafana's classic palette. */
export const PALETTE = ['#7eb26d', '#eab839', '#6ed0e0', '#ef843c', '#e24d42', '#1f78c1', '#ba43a9', '#705da0', '#508642', '#cca300', '#447ebc', '#c15c17'];
const FONT = "font-family=\"'DejaVu Sans', Verdana, sans-serif\"";

/** Pixels: a grid row is UNIT_H high; panels are GAP apart. */
const UNIT_H = 36;
const GAP = 8;
const PAD = 12;
const LEGEND_ROW = 15;
const CALC_COLUMN = 84;
/** the width of a character of 11 px DejaVu Sans, about */
const CHAR_W = 6.6;

export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const n1 = (v: number) => (Math.round(v * 10) / 10).toString();

function text(x: number, y: number, content: string, attributes = ''): string {
  return `<text x="${n1(x)}" y="${n1(y)}" ${attributes}>${escapeXml(content)}</text>`;
}

const clip = (content: string, chars: number) => (content.length <= chars ? content : `${content.slice(0, Math.max(1, chars - 1))}…`);

/** Where a panel of `gridPos` lands on a page `width` wide whose grid starts at `top`. */
export function panelBox(panel: Pick<Panel, 'gridPos'>, width: number, top: number): Box {
  const column = (width - 2 * PAD + GAP) / 24;
  const { x, y, w, h } = panel.gridPos;
  return { x: PAD + x * column, y: top + y * UNIT_H, w: w * column - GAP, h: h * UNIT_H - GAP };
}

/** The whole page: title, notes, the panels, the caption. */
export function renderDashboard(snapshot: Snapshot): string {
  const width = snapshot.width ?? 1800;
  const top = 40 + snapshot.notes.length * 17 + 10;
  const gridBottom = Math.max(...snapshot.dashboard.panels.map((p) => p.gridPos.y + p.gridPos.h));
  const height = top + gridBottom * UNIT_H + 30;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="11">`,
    `<rect width="${width}" height="${height}" fill="${THEME.page}"/>`,
    text(PAD, 28, snapshot.dashboard.title, `font-size="20" font-weight="bold" fill="${THEME.text}"`),
    ...snapshot.notes.map((note, i) => text(PAD, 48 + i * 17, note, `font-size="12" fill="${THEME.muted}"`)),
  ];
  for (const panel of snapshot.dashboard.panels) {
    parts.push(renderPanel(panel, snapshot.data.get(panel.id) ?? [], panelBox(panel, width, top), snapshot));
  }
  parts.push(text(width - PAD, height - 10, snapshot.caption, `text-anchor="end" font-size="12" fill="${THEME.muted}"`));
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** One panel in `box`: a row heading, a time series, a stat, or a note that its type is not drawn. */
export function renderPanel(panel: Panel, series: readonly Series[], box: Box, axis: TimeAxis): string {
  if (panel.type === 'row') {
    return `<g data-panel="${panel.id}">${text(box.x, box.y + box.h - 6, panel.title, `font-size="15" font-weight="bold" fill="${THEME.text}"`)}</g>`;
  }
  const frame = [
    `<g data-panel="${panel.id}">`,
    `<rect x="${n1(box.x)}" y="${n1(box.y)}" width="${n1(box.w)}" height="${n1(box.h)}" rx="3" fill="${THEME.panel}" stroke="${THEME.border}"/>`,
    text(box.x + 10, box.y + 20, clip(panel.title, Math.floor((box.w - 20) / 7.5)), `font-size="13" font-weight="bold" fill="${THEME.text}"`),
  ];
  const body = { x: box.x + 10, y: box.y + 30, w: box.w - 20, h: box.h - 38 };
  let content: string;
  if (!series.some((s) => s.points.some((p) => Number.isFinite(p.v)))) content = centred(body, 'No data', 16);
  else if (panel.type === 'timeseries' || panel.type === 'graph') content = timeSeries(panel, series, body, axis);
  else if (panel.type === 'stat' || panel.type === 'singlestat') content = stat(panel, series, body);
  else content = centred(body, `panel type "${panel.type}" is not drawn by this renderer`, 12);
  return [...frame, content, '</g>'].join('\n');
}

function centred(box: Box, content: string, size: number): string {
  return text(box.x + box.w / 2, box.y + box.h / 2, content, `text-anchor="middle" font-size="${size}" fill="${THEME.muted}"`);
}

/** A stat panel: each series' value (lastNotNull unless the legend's first calc says otherwise), side by side. */
function stat(panel: Panel, series: readonly Series[], box: Box): string {
  const unit = panel.fieldConfig?.defaults?.unit;
  const calc = panel.options?.legend?.calcs?.[0] ?? 'lastNotNull';
  const shown = series.slice(0, 4);
  const cell = box.w / shown.length;
  return shown
    .map((s, i) => {
      const x = box.x + cell * (i + 0.5);
      const value = text(x, box.y + box.h / 2 + 10, formatValue(reduce(s, calc), unit), `data-series="${escapeXml(s.name)}" text-anchor="middle" font-size="30" font-weight="bold" fill="${PALETTE[i % PALETTE.length]!}"`);
      const name = shown.length > 1 ? text(x, box.y + box.h / 2 + 30, clip(s.name, Math.floor(cell / CHAR_W)), `text-anchor="middle" fill="${THEME.muted}"`) : '';
      return value + name;
    })
    .join('\n');
}

/** The values drawn: each series' own, or (stacking "normal") each on top of those before it. */
export function stacked(series: readonly Series[], stack: boolean): { top: Series; base: Series }[] {
  const running = new Map<number, number>();
  return series.map((s) => {
    const base = s.points.map((p) => ({ t: p.t, v: stack ? (running.get(p.t) ?? 0) : 0 }));
    const top = s.points.map((p, i) => ({ t: p.t, v: Number.isFinite(p.v) ? base[i]!.v + p.v : Number.NaN }));
    if (stack) for (const p of top) if (Number.isFinite(p.v)) running.set(p.t, p.v);
    return { top: { name: s.name, points: top }, base: { name: s.name, points: base } };
  });
}

/** Runs of consecutive finite points (a NaN breaks the line, as Grafana leaves a gap). */
function runs(points: readonly { t: number; v: number }[]): { t: number; v: number }[][] {
  const out: { t: number; v: number }[][] = [];
  let current: { t: number; v: number }[] = [];
  for (const p of points) {
    if (Number.isFinite(p.v)) current.push(p);
    else if (current.length) {
      out.push(current);
      current = [];
    }
  }
  if (current.length) out.push(current);
  return out;
}

/** A time series panel: grid, axes in the panel's unit, phase marks, one line per series, the legend table. */
function timeSeries(panel: Panel, series: readonly Series[], box: Box, axis: TimeAxis): string {
  const unit = panel.fieldConfig?.defaults?.unit;
  const custom = panel.fieldConfig?.defaults?.custom ?? {};
  const calcs = panel.options?.legend?.calcs ?? [];
  const layers = stacked(series, custom.stacking?.mode === 'normal');

  // the legend takes what the chart (at least 110 px) leaves
  const fit = Math.max(1, Math.floor((box.h - 110 - 18) / LEGEND_ROW) - 1);
  const legendRows = series.length <= fit ? series.length : fit;
  const legendH = (legendRows + 1) * LEGEND_ROW + 4;

  const values = layers.flatMap((l) => l.top.points.map((p) => p.v)).filter(Number.isFinite);
  const y = unitTicks(Math.min(0, ...values), Math.max(...values) || 1, 4, unit);
  const plot = { x: box.x + 66, y: box.y + 6, w: box.w - 70, h: box.h - legendH - 18 - 6 };
  const px = (t: number) => plot.x + ((t - axis.from) / (axis.to - axis.from || 1)) * plot.w;
  const py = (v: number) => plot.y + plot.h - ((v - y.min) / (y.max - y.min || 1)) * plot.h;

  const out: string[] = [];
  for (const tick of y.ticks) {
    out.push(`<line x1="${n1(plot.x)}" y1="${n1(py(tick))}" x2="${n1(plot.x + plot.w)}" y2="${n1(py(tick))}" stroke="${THEME.grid}"/>`);
    out.push(text(plot.x - 6, py(tick) + 4, formatValue(tick, unit), `text-anchor="end" fill="${THEME.muted}"`));
  }
  for (const tick of timeTicks(axis.from, axis.to, Math.max(2, Math.floor(plot.w / 80)))) {
    out.push(`<line x1="${n1(px(tick))}" y1="${n1(plot.y)}" x2="${n1(px(tick))}" y2="${n1(plot.y + plot.h)}" stroke="${THEME.grid}"/>`);
    out.push(text(px(tick), plot.y + plot.h + 14, clock(tick), `text-anchor="middle" fill="${THEME.muted}"`));
  }
  for (const phase of axis.phases) {
    if (phase.from > axis.from) out.push(`<line x1="${n1(px(phase.from))}" y1="${n1(plot.y)}" x2="${n1(px(phase.from))}" y2="${n1(plot.y + plot.h)}" stroke="${THEME.phase}" stroke-dasharray="3 3"/>`);
  }

  layers.forEach(({ top, base }, i) => {
    const colour = PALETTE[i % PALETTE.length]!;
    for (const run of runs(top.points)) {
      const line = run.map((p, k) => `${k === 0 ? 'M' : 'L'}${n1(px(p.t))} ${n1(py(p.v))}`).join(' ');
      if ((custom.fillOpacity ?? 0) > 0) {
        const under = run
          .map((p) => base.points.find((b) => b.t === p.t)!)
          .reverse()
          .map((b) => `L${n1(px(b.t))} ${n1(py(b.v))}`)
          .join(' ');
        out.push(`<path d="${line} ${under} Z" fill="${colour}" fill-opacity="${(custom.fillOpacity ?? 0) / 100}" stroke="none"/>`);
      }
      out.push(`<path data-series="${escapeXml(top.name)}" d="${line}" fill="none" stroke="${colour}" stroke-width="${custom.lineWidth ?? 1}"/>`);
    }
  });

  out.push(legend(series, calcs, unit, { x: box.x, y: box.y + box.h - legendH, w: box.w, h: legendH }, legendRows));
  return out.join('\n');
}

/** The legend as a table: a colour mark and name per series, then its calcs (mean, max, last...). */
function legend(series: readonly Series[], calcs: readonly string[], unit: string | undefined, box: Box, rows: number): string {
  const out: string[] = [];
  const nameChars = Math.floor((box.w - 24 - calcs.length * CALC_COLUMN) / CHAR_W);
  const columnX = (i: number) => box.x + box.w - (calcs.length - 1 - i) * CALC_COLUMN;
  calcs.forEach((calc, i) => out.push(text(columnX(i), box.y + 11, CALC_LABELS[calc] ?? calc, `text-anchor="end" fill="${THEME.muted}"`)));
  const hidden = series.length - rows;
  const shown = hidden > 0 ? series.slice(0, rows - 1) : series;
  shown.forEach((s, i) => {
    const rowY = box.y + LEGEND_ROW * (i + 1) + 11;
    out.push(`<rect x="${n1(box.x)}" y="${n1(rowY - 5)}" width="12" height="3" fill="${PALETTE[i % PALETTE.length]!}"/>`);
    out.push(text(box.x + 18, rowY, clip(s.name, nameChars), `fill="${THEME.text}"`));
    calcs.forEach((calc, k) => out.push(text(columnX(k), rowY, formatValue(reduce(s, calc), unit), `text-anchor="end" fill="${THEME.text}"`)));
  });
  if (hidden > 0) out.push(text(box.x + 18, box.y + LEGEND_ROW * rows + 11, `and ${hidden + 1} more series`, `fill="${THEME.muted}"`));
  return out.join('\n');
}
