import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp, dialects, failsWith, type ApiResponse, type TestApp } from '../../test/harness.ts';
import { nextIp, uniqueEmail } from '../namespaces/auth/auth.testkit.ts';
import { allOperations } from '../namespaces/index.ts';
import { storedKey } from './rate-limit-store.ts';
import { counterKeySecret, variableOf } from './rate-limits.ts';

const LOGIN_LIMIT = 4;
const LOGIN_WINDOW_SECONDS = 60;
const env = { RATE_LIMIT_AUTH_LOGIN_IDENTIFIER: `${LOGIN_LIMIT}/${LOGIN_WINDOW_SECONDS}` };

/**
 * An attacker's address: the account-wide login limit refuses only addresses that have failed on
 * the account (docs/identity.md, "Sign-in throttling"); below its own limit of failures per account
 * and address, so only the identifier limit refuses.
 */
const ATTACKER = nextIp();

/** A wrong-password login for `email` through `app`, from the attacker's address. */
async function login(app: FastifyInstance, email: string): Promise<ApiResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ namespace: 'auth', apiName: 'login', data: { email, password: 'wrong password' } }),
    remoteAddress: ATTACKER,
  });
  return { statusCode: response.statusCode, body: response.json(), headers: response.headers };
}

const refused = (response: ApiResponse) => failsWith(response, 'UNAUTHENTICATED', 401);
const limited = (response: ApiResponse) => failsWith(response, 'RATE_LIMITED', 429);

for (const dialect of dialects) {
  void describe(`rate limits counted in the database, two processes [${dialect}]`, () => {
    // The service clock, standing still unless a test moves it.
    const clock = { at: Date.now(), now: () => clock.at };
    let one: TestApp;
    let other: FastifyInstance;
    before(async () => {
      one = await createTestApp(dialect, { env, services: { now: clock.now } });
      // Another process of the same deployment: its own dispatcher and limiters, the same database.
      other = await buildApp({ config: one.config, database: one.database, services: { now: clock.now } });
    });
    after(async () => {
      await other.close();
      await one.close();
    });
    const processes = () => [one.app, other];

    test('attempts split over two processes reach the configured limit together', async () => {
      const email = uniqueEmail();
      for (let i = 0; i < LOGIN_LIMIT; i++) refused(await login(processes()[i % 2]!, email));
      for (const app of processes()) limited(await login(app, email));
      refused(await login(other, uniqueEmail()));
    });

    test('concurrent attempts on both processes pass exactly as many as the limit allows', async () => {
      const email = uniqueEmail();
      const responses = await Promise.all(Array.from({ length: 3 * LOGIN_LIMIT }, (_, i) => login(processes()[i % 2]!, email)));
      const codes = responses.map((r) => r.body.error.code);
      assert.equal(codes.filter((c) => c === 'UNAUTHENTICATED').length, LOGIN_LIMIT);
      assert.equal(codes.filter((c) => c === 'RATE_LIMITED').length, 2 * LOGIN_LIMIT);
    });

    test('the count starts again when its window has ended on the service clock', async () => {
      const email = uniqueEmail();
      for (let i = 0; i < LOGIN_LIMIT; i++) refused(await login(one.app, email));
      clock.at += 40_000;
      const waiting = await login(other, email);
      limited(waiting);
      assert.equal(Number(waiting.headers['retry-after']), LOGIN_WINDOW_SECONDS - 40);
      clock.at += (LOGIN_WINDOW_SECONDS - 40) * 1000;
      refused(await login(other, email));
      refused(await login(one.app, email));
    });

    test('counters whose window has ended are cleared', async () => {
      const email = uniqueEmail();
      const key = storedKey(counterKeySecret(one.config), `auth.login:identifier:${email}`);
      const counter = () => one.database.db.selectFrom('rateLimitCounters').select('points').where('key', '=', key).executeTakeFirst();
      assert.equal(await counter(), undefined);
      refused(await login(one.app, email));
      assert.equal((await counter())?.points, 1);
      clock.at += 2 * LOGIN_WINDOW_SECONDS * 1000;
      refused(await login(one.app, uniqueEmail()));
      assert.equal(await counter(), undefined);
    });

    test('the table keeps no email, number or address: a counter is its limit\'s name and an HMAC', async () => {
      const email = uniqueEmail();
      refused(await login(one.app, email));
      const keys = (await one.database.db.selectFrom('rateLimitCounters').select('key').execute()).map((r) => r.key);
      assert.ok(keys.length > 0);
      for (const key of keys) {
        assert.doesNotMatch(key, /@|127\.0\.0\.1/, key);
        assert.match(key, /^[a-z][\w.]*:(identifier|address|identifierAtAddress)#[\w-]{43}$/i, key);
      }
    });

    test('a window configured for a limit that no operation has stops the start', async () => {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_LOGN_IDENTIFIER: '5/60' });
      await assert.rejects(buildApp({ config, database: one.database }), (e: unknown) => e instanceof ConfigError && /RATE_LIMIT_AUTH_LOGN_IDENTIFIER/.test(e.message));
    });
  });

  void describe(`rate limits counted in memory [${dialect}]`, () => {
    let one: TestApp;
    let other: FastifyInstance;
    before(async () => {
      one = await createTestApp(dialect, { env: { ...env, RATE_LIMIT_STORE: 'memory' } });
      other = await buildApp({ config: one.config, database: one.database });
    });
    after(async () => {
      await other.close();
      await one.close();
    });

    test('each process counts its own (RATE_LIMIT_STORE=memory), nothing is written', async () => {
      const email = uniqueEmail();
      for (let i = 0; i < LOGIN_LIMIT; i++) refused(await login(one.app, email));
      limited(await login(one.app, email));
      refused(await login(other, email));
      assert.deepEqual(await one.database.db.selectFrom('rateLimitCounters').selectAll().execute(), []);
    });
  });
}

test('a limit is configured by its name in upper snake case', () => {
  assert.equal(variableOf('auth.login:identifier'), 'RATE_LIMIT_AUTH_LOGIN_IDENTIFIER');
  assert.equal(variableOf('auth.socialSignUpCallback:address'), 'RATE_LIMIT_AUTH_SOCIAL_SIGN_UP_CALLBACK_ADDRESS');
});

test("README's configuration table names every declared limit with its default window", () => {
  const rows = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').split('\n');
  for (const rule of allOperations.flatMap((op) => op.rateLimits)) {
    const row = rows.find((line) => line.includes(`\`${variableOf(rule.name)}\``));
    assert.ok(row?.includes(`\`${rule.points}/${rule.durationSeconds}\``), `${variableOf(rule.name)} ${rule.points}/${rule.durationSeconds}`);
  }
});
