import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

test('the log never carries passwords, tokens or one-time codes; only the development reset code is logged', () => {
  const script = fileURLToPath(new URL('./logs.fixture.ts', import.meta.url));
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'development' }, timeout: 60_000 });
  assert.equal(run.status, 0, run.stderr);
  const line = run.stderr.split('\n').find((l) => l.startsWith('SECRETS '));
  assert.ok(line, run.stderr);
  const secrets = JSON.parse(line.slice('SECRETS '.length)) as { passwords: string[]; tokens: string[]; otps: string[]; mailedResetCodes: string[] };
  const log = run.stdout;
  const lines = log.split('\n').filter(Boolean);
  assert.ok(lines.length > 20, 'the app logged at trace level');
  assert.equal(secrets.tokens.length, 7);
  assert.equal(secrets.otps.length, 2);

  for (const secret of [...secrets.passwords, ...secrets.tokens, ...secrets.mailedResetCodes]) {
    assert.ok(secret.length >= 8);
    assert.equal(log.includes(secret), false, `a secret reached the log: ${secret.slice(0, 4)}…`);
  }
  for (const otp of secrets.otps) {
    assert.match(otp, /^\d{6}$/);
    assert.doesNotMatch(log, new RegExp(`(?<![\\d.])${otp}(?![\\d.])`), 'a one-time code reached the log');
  }
  assert.doesNotMatch(log, /"(otp|password|accessToken|code)":/);

  // The development reset code: logged once, in its own line, and nowhere else.
  const resetLines = lines.filter((l) => l.includes('passwordResetCode'));
  assert.equal(resetLines.length, 1);
  const code = (JSON.parse(resetLines[0]!) as { passwordResetCode: string }).passwordResetCode;
  assert.match(code, /^[A-Za-z0-9_-]{32}$/);
  assert.equal(log.split(code).length - 1, 1);
});
