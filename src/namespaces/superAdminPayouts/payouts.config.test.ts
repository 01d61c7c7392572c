import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../config.ts';

test('payout rates: defaults 10 %, 2 % and 0, kept as basis points and minor units', () => {
  assert.deepEqual(loadConfig({}).payouts, { commissionBasisPoints: 1000, gatewayChargeBasisPoints: 200, fixedChargeMinor: 0 });
  assert.deepEqual(
    loadConfig({ PAYOUT_COMMISSION_PERCENT: '12.5', PAYOUT_GATEWAY_CHARGE_PERCENT: '0', PAYOUT_FIXED_CHARGE: '3.05' }).payouts,
    { commissionBasisPoints: 1250, gatewayChargeBasisPoints: 0, fixedChargeMinor: 305 },
  );
});

test('a bad payout rate stops start-up naming the variable', () => {
  for (const [name, value] of [
    ['PAYOUT_COMMISSION_PERCENT', '100.01'],
    ['PAYOUT_COMMISSION_PERCENT', '-1'],
    ['PAYOUT_GATEWAY_CHARGE_PERCENT', '2.555'],
    ['PAYOUT_FIXED_CHARGE', 'ten'],
    ['PAYOUT_FIXED_CHARGE', '0.001'],
  ] as const) {
    assert.throws(() => loadConfig({ [name]: value }), (e: unknown) => e instanceof ConfigError && e.message.includes(name), `${name}=${value}`);
  }
});
