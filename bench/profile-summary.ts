/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by area (a package in
 * node_modules, node's internals, the service's own folders, GC, idle).
 * Usage: node bench/profile-summary.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]!}`;
  const own = /\/(src|bench)\/(.*)$/.exec(url);
  if (own) {
    const parts = own[2]!.split('/');
    return `${own[1]!}/${parts.length > 1 ? parts.slice(0, parts[0] === 'namespaces' ? 2 : 1).join('/') : parts[0]!}`;
  }
  return url;
}

export function summarise(path: string, top = 25): string {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;

  const frames = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, t] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const file = url.replace(/^file:\/\/.*?\/(node_modules|src|bench)\//, '$1/');
    const key = `${functionName || '(anonymous)'}  ${file}${url ? `:${lineNumber + 1}` : ''}`;
    frames.set(key, (frames.get(key) ?? 0) + t);
    const a = area(url, functionName);
    areas.set(a, (areas.get(a) ?? 0) + t);
  }
  // inclusive time of the service's own functions (each counted once per sample, recursion aside)
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || '(anonymous)'}  ${url.replace(/^file:\/\/.*?\/(node_modules|src|bench)\//, '$1/')}${url ? `:${lineNumber + 1}` : ''}`;
  };
  const inclusive = new Map<string, number>();
  profile.samples.forEach((leaf, i) => {
    if (byId.get(leaf)?.callFrame.functionName === '(idle)') return;
    const seen = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id)!;
      if (!/\/src\//.test(node.callFrame.url) || /\/src\/main\.ts/.test(node.callFrame.url)) continue;
      const key = keyOf(node);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
  });
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1).padStart(5)}%`;
  const lines = [
    `${path}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${((100 * busy) / total).toFixed(0)}%); shares are of busy time`,
    'by area (self time):',
    ...[...areas.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, t]) => `  ${pct(t)}  ${k}`),
    `top ${top} functions (self time):`,
    ...[...frames.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, t]) => `  ${pct(t)}  ${k}`),
    'the service\'s own functions (inclusive time: with what they call):',
    ...[...inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, t]) => `  ${pct(t)}  ${k}`),
  ];
  return lines.join('\n');
}

/**
 * The share of the busy time whose stack holds a frame of `url` (counted once per sample): what a
 * module costs with everything it calls, e.g. the metrics (src/telemetry/metrics.ts and prom-client).
 */
export function inclusiveShare(path: string, url: (url: string) => boolean): number {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  let busy = 0;
  let matched = 0;
  profile.samples.forEach((leaf, i) => {
    if (byId.get(leaf)?.callFrame.functionName === '(idle)') return;
    const t = profile.timeDeltas[i] ?? 0;
    busy += t;
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      if (url(byId.get(id)!.callFrame.url)) {
        matched += t;
        return;
      }
    }
  });
  return busy > 0 ? matched / busy : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
  console.log(summarise(file, Number(top ?? 25)));
}
