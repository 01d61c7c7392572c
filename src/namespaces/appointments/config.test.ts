import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../config.ts';

test('APPOINTMENT_HOLD_MINUTES (default 15, 1..1440) and PAYMENT_GATEWAY_SECRET (optional, 16+ characters)', () => {
  assert.deepEqual(loadConfig({}).appointments, { holdMinutes: 15, paymentGatewaySecret: undefined });
  assert.deepEqual(loadConfig({ APPOINTMENT_HOLD_MINUTES: '30', PAYMENT_GATEWAY_SECRET: 'x'.repeat(16) }).appointments, { holdMinutes: 30, paymentGatewaySecret: 'x'.repeat(16) });
  for (const [name, value] of [['APPOINTMENT_HOLD_MINUTES', '0'], ['APPOINTMENT_HOLD_MINUTES', '1441'], ['APPOINTMENT_HOLD_MINUTES', 'soon'], ['PAYMENT_GATEWAY_SECRET', 'short']] as const) {
    assert.throws(() => loadConfig({ [name]: value }), (e: unknown) => e instanceof ConfigError && e.message.includes(name));
  }
});
