import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

/** Starts the real service (npm start's entry point) on a scratch database and a free port. */
test('the service starts on the embedded default, serves, and on SIGTERM finishes requests in flight', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'healthops-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['src/main.ts'], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: `sqlite:${join(dir, 'db', 'h.db')}`, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const base = `http://127.0.0.1:${port}`;
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      up = await fetch(`${base}/health`).then((r) => r.ok, () => false);
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(up, 'service did not come up');
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
