import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { inclusiveShare } from '../bench/profile-summary.ts';

const dir = mkdtempSync(join(tmpdir(), 'healthops-profile-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({ id, callFrame: { functionName, url, lineNumber: 0 }, children });

test("a module's inclusive share counts the samples with one of its frames anywhere on the stack, once each, of the busy time", () => {
  // root -> dispatch -> observeRequest (metrics.ts) -> histogram (prom-client); dispatch -> handler; (idle)
  const nodes = [
    frame(1, '(root)', '', [2, 6]),
    frame(2, 'dispatch', 'file:///app/src/rpc/dispatch.ts', [3, 5]),
    frame(3, 'observeRequest', 'file:///app/src/telemetry/metrics.ts', [4]),
    frame(4, 'observe', 'file:///app/node_modules/prom-client/lib/histogram.js'),
    frame(5, 'handler', 'file:///app/src/namespaces/appointments/getById.ts'),
    frame(6, '(idle)', ''),
  ];
  // 10 us in observeRequest itself, 20 in prom-client under it, 70 in the handler, 900 idle
  const samples = [3, 4, 4, 5, 5, 5, 5, 5, 5, 5, 6];
  const timeDeltas = [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 900];
  const path = join(dir, 'p.cpuprofile');
  writeFileSync(path, JSON.stringify({ nodes, samples, timeDeltas, startTime: 0, endTime: 1000 }));
  const metrics = (url: string) => url.endsWith('/src/telemetry/metrics.ts') || url.includes('/node_modules/prom-client/');
  assert.equal(inclusiveShare(path, metrics), 0.3);
  assert.equal(inclusiveShare(path, (url) => url.endsWith('/dispatch.ts')), 1);
});
