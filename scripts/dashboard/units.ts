/** Grafana's units (fieldConfig.defaults.unit) for the values the dashboard draws, and the ticks of its axes. */

/** A number with about three significant digits: 0.00123, 1.23, 12.3, 123. */
export function decimal(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return trim(value.toFixed(1));
  if (magnitude >= 1) return trim(value.toFixed(2));
  return trim(value.toPrecision(3));
}

const trim = (text: string) => (text.includes('.') && !text.includes('e') ? text.replace(/\.?0+$/, '') : text);

/** `value` scaled by the largest of `steps` (each `factor` times the one before) it reaches. */
function scaled(value: number, factor: number, names: readonly string[]): string {
  let index = 0;
  let v = value;
  while (index < names.length - 1 && Math.abs(v) >= factor) {
    v /= factor;
    index++;
  }
  return `${decimal(v)} ${names[index]}`.trimEnd();
}

function seconds(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude === 0) return '0 s';
  if (magnitude < 1e-3) return `${decimal(value * 1e6)} µs`;
  if (magnitude < 1) return `${decimal(value * 1e3)} ms`;
  if (magnitude < 60) return `${decimal(value)} s`;
  if (magnitude < 3600) return `${decimal(value / 60)} min`;
  return `${decimal(value / 3600)} hour`;
}

/** `value` written in Grafana's `unit`; NaN is `-`. Units it does not know are written as plain numbers. */
export function formatValue(value: number, unit: string | undefined): string {
  if (!Number.isFinite(value)) return '-';
  switch (unit ?? 'none') {
    case 'reqps':
      return `${decimal(value)} req/s`;
    case 'ops':
      return `${decimal(value)} ops/s`;
    case 's':
      return seconds(value);
    case 'ms':
      return seconds(value / 1000);
    case 'bytes':
      return scaled(value, 1024, ['B', 'KiB', 'MiB', 'GiB', 'TiB']);
    case 'decbytes':
      return scaled(value, 1000, ['B', 'kB', 'MB', 'GB', 'TB']);
    case 'percentunit':
      return `${decimal(value * 100)}%`;
    case 'percent':
      return `${decimal(value)}%`;
    case 'short':
      return scaled(value, 1000, ['', 'K', 'Mil', 'Bil', 'Tri']);
    default:
      return decimal(value);
  }
}

/** Round steps for an axis from `min` to `max` with about `count` intervals: 1, 2, 2.5 or 5 times a power of ten. */
export function niceTicks(min: number, max: number, count: number): { ticks: number[]; min: number; max: number } {
  const span = max - min || Math.abs(max) || 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const low = Math.floor(min / step) * step;
  const high = Math.ceil(max / step) * step || step;
  const ticks: number[] = [];
  for (let i = 0; low + i * step <= high + step / 1e6; i++) ticks.push(Number((low + i * step).toPrecision(12)));
  return { ticks, min: low, max: high };
}

/** niceTicks for `unit`: for bytes, round in the binary unit the values reach (256 MiB, 512 MiB, not 238, 477). */
export function unitTicks(min: number, max: number, count: number, unit: string | undefined): { ticks: number[]; min: number; max: number } {
  if (unit !== 'bytes') return niceTicks(min, max, count);
  let scale = 1;
  while (Math.max(Math.abs(min), Math.abs(max)) / scale >= 1024) scale *= 1024;
  const scaledTicks = niceTicks(min / scale, max / scale, count);
  return { ticks: scaledTicks.ticks.map((t) => t * scale), min: scaledTicks.min * scale, max: scaledTicks.max * scale };
}

const TIME_STEPS = [1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1800, 3600];

/** Times (unix seconds) on whole multiples of a round step, at most `count` of them within [from, to]. */
export function timeTicks(from: number, to: number, count: number): number[] {
  const step = TIME_STEPS.find((s) => (to - from) / s <= count) ?? TIME_STEPS[TIME_STEPS.length - 1]!;
  const ticks: number[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) ticks.push(t);
  return ticks;
}

/** HH:MM:SS in UTC. */
export const clock = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(11, 19);
