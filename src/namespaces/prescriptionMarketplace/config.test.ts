import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../config.ts';

test('marketplace configuration: defaults, values, and bad values naming the variable', () => {
  assert.deepEqual(loadConfig({ NODE_ENV: 'test' }).marketplace, { defaultRadiusKm: 10, currency: 'INR' });
  assert.deepEqual(loadConfig({ NODE_ENV: 'test', MARKETPLACE_DEFAULT_RADIUS_KM: '2.5', MARKETPLACE_CURRENCY: 'EUR' }).marketplace, { defaultRadiusKm: 2.5, currency: 'EUR' });
  assert.throws(() => loadConfig({ NODE_ENV: 'test', MARKETPLACE_DEFAULT_RADIUS_KM: '0' }), (e: unknown) => e instanceof ConfigError && /MARKETPLACE_DEFAULT_RADIUS_KM/.test(e.message));
  assert.throws(() => loadConfig({ NODE_ENV: 'test', MARKETPLACE_CURRENCY: 'rupees' }), (e: unknown) => e instanceof ConfigError && /MARKETPLACE_CURRENCY/.test(e.message));
});
