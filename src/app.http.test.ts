import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { API_SECURITY_HEADERS, buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

const APP = 'https://app.example.com';

async function appWith(env: Record<string, string>): Promise<{ app: FastifyInstance; database: DatabaseHandle }> {
  const database = openDatabase('sqlite::memory:');
  await migrateToLatest(database.db);
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), database });
  return { app, database };
}

const preflight = (app: FastifyInstance, origin: string) =>
  app.inject({ method: 'OPTIONS', url: '/api', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });

describe('HTTP policies: CORS and security headers', () => {
  let configured: { app: FastifyInstance; database: DatabaseHandle };
  let closed: { app: FastifyInstance; database: DatabaseHandle };
  before(async () => {
    configured = await appWith({ CORS_ORIGINS: `${APP}, https://admin.example.com` });
    closed = await appWith({});
  });
  after(async () => {
    for (const { app, database } of [configured, closed]) {
      await app.close();
      await database.close();
    }
  });

  test('a configured origin gets its preflight and its answers allowed, with the headers the API needs', async () => {
    const answer = await preflight(configured.app, APP);
    assert.equal(answer.statusCode, 204);
    assert.equal(answer.headers['access-control-allow-origin'], APP);
    assert.match(String(answer.headers['access-control-allow-headers']), /authorization/);
    assert.match(String(answer.headers['access-control-allow-methods']), /POST/);
    const call = await configured.app.inject({ method: 'POST', url: '/api', headers: { origin: APP }, payload: { namespace: 'organizations', apiName: 'list', data: {} } });
    assert.equal(call.statusCode, 200);
    assert.equal(call.headers['access-control-allow-origin'], APP);
    assert.match(String(call.headers['access-control-expose-headers']), /x-request-id/);
  });

  test('another origin, or any origin when none is configured, is not allowed (the preflight answers without allowing)', async () => {
    for (const [app, origin] of [[configured.app, 'https://evil.example.com'], [closed.app, APP]] as const) {
      const answer = await preflight(app, origin);
      assert.notEqual(answer.statusCode, 404);
      assert.equal(answer.headers['access-control-allow-origin'], undefined);
      const call = await app.inject({ method: 'POST', url: '/api', headers: { origin }, payload: { namespace: 'organizations', apiName: 'list', data: {} } });
      assert.equal(call.headers['access-control-allow-origin'], undefined);
    }
  });

  test("every answer of the API carries OWASP's REST security headers and its request id; /docs runs under helmet's Content-Security-Policy", async () => {
    const call = await closed.app.inject({ method: 'POST', url: '/api', payload: { namespace: 'nope', apiName: 'nope', data: {} } });
    assert.equal(call.statusCode, 404);
    assert.equal(call.headers['x-content-type-options'], 'nosniff');
    assert.match(String(call.headers['strict-transport-security']), /max-age=\d+/);
    assert.equal(call.headers['x-frame-options'], 'DENY');
    assert.equal(call.headers['cache-control'], 'no-store', 'answers hold patient data: nothing may cache them');
    assert.equal(call.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
    const answers = [
      call,
      await closed.app.inject({ method: 'POST', url: '/api', payload: { namespace: 'organizations', apiName: 'list', data: {} } }),
      await closed.app.inject({ method: 'POST', url: '/api/auth/me', payload: {} }),
      await closed.app.inject({ method: 'POST', url: '/api', headers: { 'content-type': 'application/json' }, payload: '{"broken' }),
      await closed.app.inject({ method: 'GET', url: '/health' }),
      await closed.app.inject({ method: 'GET', url: '/nowhere' }),
    ];
    for (const answer of answers) {
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) assert.equal(answer.headers[name], value, `${answer.statusCode} ${name}`);
      assert.match(String(answer.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    }

    const docs = await closed.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(docs.headers['x-frame-options'], 'SAMEORIGIN');
    assert.match(String(docs.headers['content-security-policy']), /default-src 'self'/);
    assert.match(String(docs.headers['content-security-policy']), /object-src 'none'/);
    assert.ok(Object.keys(docs.headers).filter((name) => /^(cross-origin-|x-|referrer-policy|origin-agent-cluster)/.test(name)).length >= 8, "helmet's full set");

    const page = await closed.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /swagger-ui/);
    const pageCsp = String(page.headers['content-security-policy']);
    assert.doesNotMatch(pageCsp, /unsafe-inline|unsafe-eval|upgrade-insecure-requests/);
    // What the page loads is its own (same origin, allowed by 'self'): each script a file served here,
    // none inline unless the CSP carries its hash.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.ok(scripts.length > 0);
    for (const [, attributes, inline] of scripts) {
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      if (!src) {
        assert.equal(inline!.trim(), '', 'no inline script');
        continue;
      }
      assert.doesNotMatch(src, /^https?:/, 'scripts come from this origin');
      const url = new URL(src, 'http://localhost/docs/').pathname;
      assert.equal((await closed.app.inject({ method: 'GET', url })).statusCode, 200, url);
    }
    assert.equal((await closed.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' })).statusCode, 200);
    assert.equal((await closed.app.inject({ method: 'GET', url: '/openapi.json' })).statusCode, 200);
  });
});
