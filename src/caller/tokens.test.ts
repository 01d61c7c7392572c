import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../config.ts';
import { TokenService } from './tokens.ts';

test('a verified token is remembered only until it expires', async () => {
  let now = Date.now();
  const config = loadConfig({ NODE_ENV: 'test', AUTH_TOKEN_TTL_SECONDS: '60' });
  const tokens = new TokenService(config, () => now);
  const { accessToken } = await tokens.issue('user-1');
  assert.equal(await tokens.verify(accessToken), 'user-1');
  assert.equal(await tokens.verify(accessToken), 'user-1');
  now += 61_000;
  assert.equal(await tokens.verify(accessToken), undefined);
});

test('a token that fails verification is not remembered as valid', async () => {
  const tokens = new TokenService(loadConfig({ NODE_ENV: 'test' }));
  const { accessToken } = await tokens.issue('user-2');
  const tampered = `${accessToken.slice(0, -2)}xx`;
  assert.equal(await tokens.verify(tampered), undefined);
  assert.equal(await tokens.verify(tampered), undefined);
  assert.equal(await tokens.verify(accessToken), 'user-2');
});
