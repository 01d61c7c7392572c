import assert from 'node:assert/strict';
import { test } from 'node:test';
import { authModeNotices, ConfigError, loadConfig } from './config.ts';

test('defaults serve the embedded database in development with the development OTP switch on', () => {
  const config = loadConfig({});
  assert.equal(config.port, 3000);
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.databaseUrl, 'sqlite:./data/healthops.db');
  assert.equal(config.auth.mode, 'optional');
  assert.equal(config.auth.devOtp, true);
  assert.equal(config.bodyLimitBytes, 5 * 1024 * 1024);
});

test('a bad value stops start-up with a message naming the variable', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ AUTH_MODE: 'sometimes' }, /AUTH_MODE/],
    [{ TIME_ZONE: 'Mars/Olympus' }, /TIME_ZONE/],
    [{ AUTH_JWT_SECRET: 'short' }, /AUTH_JWT_SECRET/],
    [{ NODE_ENV: 'production' }, /AUTH_JWT_SECRET: required in production/],
    [{ SOCIAL_CLIENT_ID: 'id' }, /SOCIAL_AUTHORIZATION_URL/],
    [{ RATE_LIMIT_AUTH_LOGIN_IDENTIFIER: '10 per 15 minutes' }, /RATE_LIMIT_AUTH_LOGIN_IDENTIFIER: must be <points>\/<seconds>/],
    [{ RATE_LIMIT_AUTH_SIGN_UP_ADDRESS: '0/60' }, /RATE_LIMIT_AUTH_SIGN_UP_ADDRESS/],
    [{ RATE_LIMIT_STORE: 'redis' }, /RATE_LIMIT_STORE/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => loadConfig(env), (e: unknown) => e instanceof ConfigError && message.test(e.message), JSON.stringify(env));
  }
});

test('production turns off every development switch and listens on all interfaces', () => {
  const config = loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(40) });
  assert.equal(config.auth.devOtp, false);
  assert.equal(config.host, '0.0.0.0');
  assert.throws(() => loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(40), AUTH_DEV_OTP: 'true' }), /AUTH_DEV_OTP/);
});

test('production requires a token by default; optional under production is said loudly at start', () => {
  const secret = { AUTH_JWT_SECRET: 'x'.repeat(40) };
  const production = loadConfig({ NODE_ENV: 'production', ...secret });
  assert.equal(production.auth.mode, 'required');
  assert.deepEqual(authModeNotices(production), [{ level: 'info', message: 'auth mode: required' }]);
  const loose = loadConfig({ NODE_ENV: 'production', AUTH_MODE: 'optional', ...secret });
  assert.equal(loose.auth.mode, 'optional');
  assert.deepEqual(authModeNotices(loose).map((n) => n.level), ['info', 'warn']);
  assert.equal(loadConfig({ AUTH_MODE: 'required' }).auth.mode, 'required');
  assert.deepEqual(authModeNotices(loadConfig({})), [{ level: 'info', message: 'auth mode: optional' }]);
});

test('rate limits count in the database unless configured otherwise; a window is <points>/<seconds>', () => {
  assert.deepEqual(loadConfig({}).rateLimits, { store: 'database', windows: {} });
  const config = loadConfig({ RATE_LIMIT_STORE: 'memory', RATE_LIMIT_AUTH_LOGIN_IDENTIFIER: '10/900' });
  assert.deepEqual(config.rateLimits, { store: 'memory', windows: { RATE_LIMIT_AUTH_LOGIN_IDENTIFIER: { points: 10, seconds: 900 } } });
});

test('metrics and tracing are off unless configured; their variables are checked', () => {
  const plain = loadConfig({});
  assert.deepEqual(plain.metrics, { token: undefined, port: undefined, host: '127.0.0.1' });
  assert.equal(plain.tracing, undefined);
  const on = loadConfig({ METRICS_TOKEN: 't'.repeat(32), METRICS_PORT: '9464', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
  assert.deepEqual(on.metrics, { token: 't'.repeat(32), port: 9464, host: '127.0.0.1' });
  assert.deepEqual(on.tracing, { endpoint: 'http://127.0.0.1:4318', serviceName: 'healthops' });
  const cases: [Record<string, string>, RegExp][] = [
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN: must be at least 32 characters/],
    [{ METRICS_TOKEN: `${'t'.repeat(32)} x` }, /METRICS_TOKEN/],
    [{ METRICS_PORT: '70000' }, /METRICS_PORT/],
    [{ PORT: '3000', METRICS_PORT: '3000' }, /METRICS_PORT: must differ from PORT/],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, /OTEL_EXPORTER_OTLP_ENDPOINT/],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector' }, /OTEL_EXPORTER_OTLP_ENDPOINT/],
  ];
  for (const [env, message] of cases) {
    assert.throws(() => loadConfig(env), (e: unknown) => e instanceof ConfigError && message.test(e.message), JSON.stringify(env));
  }
});

test('new password hashes cost scrypt N=2^15 outside tests, 2^10 in them; production takes no less than 2^15', () => {
  const production = { NODE_ENV: 'production', AUTH_JWT_SECRET: 'x'.repeat(40) };
  assert.equal(loadConfig({}).auth.passwordScryptLog2n, 15);
  assert.equal(loadConfig(production).auth.passwordScryptLog2n, 15);
  assert.equal(loadConfig({ NODE_ENV: 'test' }).auth.passwordScryptLog2n, 10);
  assert.equal(loadConfig({ ...production, PASSWORD_SCRYPT_LOG2N: '17' }).auth.passwordScryptLog2n, 17);
  assert.throws(() => loadConfig({ ...production, PASSWORD_SCRYPT_LOG2N: '12' }), /PASSWORD_SCRYPT_LOG2N: at least 15 in production/);
  assert.throws(() => loadConfig({ PASSWORD_SCRYPT_LOG2N: '9' }), /PASSWORD_SCRYPT_LOG2N/);
});
