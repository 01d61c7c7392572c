import assert from 'node:assert/strict';
import { request } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { scratchDir, startService } from './service-process.ts';

/** Starts the real service (npm start's entry point) on a scratch database and a port the system gives (PORT=0). */
test('the service starts on the embedded default, serves, and on SIGTERM finishes requests in flight', async () => {
  const dir = scratchDir();
  // As npm start runs it: jobs on (their default), the embedded database.
  const service = startService({ DATABASE_URL: `sqlite:${join(dir, 'db', 'h.db')}`, LOG_LEVEL: 'warn', JOBS_ENABLED: 'true' }, { entry: 'src/main.ts' });
  const { child, exited } = service;
  try {
    const { base } = await service.started;
    assert.equal((await fetch(`${base}/health`)).status, 200);
    assert.equal((await fetch(`${base}/ready`)).status, 200);

    // A request in flight when the signal arrives (its body only half sent) is still answered.
    const body = JSON.stringify({ namespace: 'tokenCounters', apiName: 'create', data: { organizationId: 'o1', date: '2026-01-01', prefix: 'P', lastSequence: 0 } });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${base}/api`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 300);
    });
    const { status, text } = await answer;
    assert.equal(status, 200, text);
    assert.equal(JSON.parse(text).data.item.prefix, 'P');
    assert.equal(await exited, 0);
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
