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

test('a backend client\'s token names the client, lasts five minutes, and is no identity\'s token', async () => {
  let now = Date.now();
  const tokens = new TokenService(loadConfig({ NODE_ENV: 'test' }), () => now);
  const issued = await tokens.issueClient({ clientId: 'client-1', organizationId: 'org-1', scope: 'system/*.read' });
  assert.equal(issued.expiresIn, 300);
  const verified = await tokens.verifyIssued(issued.accessToken);
  assert.deepEqual(verified?.client, { clientId: 'client-1', organizationId: 'org-1', scope: 'system/*.read' });
  assert.equal(verified?.subject, 'client:client-1');
  // Whoever asks for a user's subject gets none from it.
  assert.equal(await tokens.verify(issued.accessToken), undefined);
  assert.equal((await tokens.verifyIssued((await tokens.issue('user-3')).accessToken))?.client, undefined);
  now += 301_000;
  assert.equal(await tokens.verifyIssued(issued.accessToken), undefined);
});
