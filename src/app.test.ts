import assert from 'node:assert/strict';
import { test } from 'node:test';
import { INTERFACE_NAMESPACES } from './rpc/openapi.ts';
import { errorStatus } from './values/errors.ts';
import { describeEachDialect, failsWith } from '../test/harness.ts';
import { readFileSync } from 'node:fs';

describeEachDialect('the envelope', (t) => {
  const post = (payload: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t().app.inject({ method: 'POST', url: '/api', headers, payload });

  test('a body that is not JSON is 400 BAD_REQUEST', async () => {
    const res = await post('{not json');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error.code, 'BAD_REQUEST');
  });

  test('a JSON body that is not an object, or lacks namespace/apiName, is 400 BAD_REQUEST', async () => {
    for (const body of ['[1,2]', '"x"', '{}', '{"namespace":"tokenCounters"}', '{"namespace":1,"apiName":"create"}', '{"namespace":"a","apiName":"b","data":[1]}']) {
      const res = await post(body);
      assert.equal(res.statusCode, 400, body);
      assert.deepEqual(res.json().error.code, 'BAD_REQUEST', body);
    }
  });

  test('a body that is not JSON by media type is 415', async () => {
    const res = await post('namespace=x', { 'content-type': 'text/plain' });
    assert.equal(res.statusCode, 415);
    assert.equal(res.json().error.code, 'UNSUPPORTED_MEDIA_TYPE');
  });

  test('a body over the limit is 413', async () => {
    const big = JSON.stringify({ namespace: 'tokenCounters', apiName: 'create', data: { pad: 'x'.repeat(6 * 1024 * 1024) } });
    const res = await post(big);
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().error.code, 'PAYLOAD_TOO_LARGE');
  });

  test('an unknown namespace or operation is 404 UNKNOWN_OPERATION', async () => {
    failsWith(await t().call('nope', 'create'), 'UNKNOWN_OPERATION', 404);
    failsWith(await t().call('tokenCounters', 'nope'), 'UNKNOWN_OPERATION', 404);
  });

  test('a mistyped operation is told the one it most likely meant', async () => {
    const byCase = failsWith(await t().call('appointments', 'checkin'), 'UNKNOWN_OPERATION', 404);
    assert.match(byCase.message, /did you mean appointments\.checkIn\?/);
    assert.deepEqual(byCase.details, [{ path: 'apiName', message: 'did you mean appointments.checkIn?' }]);
    assert.match(failsWith(await t().call('apointments', 'reschedul'), 'UNKNOWN_OPERATION', 404).message, /did you mean appointments\.reschedule\?/);
    const far = failsWith(await t().call('appointments', 'teleport'), 'UNKNOWN_OPERATION', 404);
    assert.doesNotMatch(far.message, /did you mean/);
    assert.equal(far.details, undefined);
  });

  test('content type with a charset is accepted, and each response carries a request id', async () => {
    const res = await post(JSON.stringify({ namespace: 'nope', apiName: 'x' }), { 'content-type': 'application/json; charset=utf-8' });
    assert.equal(res.json().error.code, 'UNKNOWN_OPERATION');
    assert.ok(res.headers['x-request-id']);
  });

  test('/health and /ready answer 200', async () => {
    assert.equal((await t().app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    const ready = await t().app.inject({ method: 'GET', url: '/ready' });
    assert.equal(ready.statusCode, 200);
  });

  test('/openapi.json says what each namespace is for, and that exports stream at /export in three formats', async () => {
    const doc = (await t().app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const tags = doc.tags as { name: string; description: string }[];
    assert.ok(tags.length > 30);
    for (const tag of tags) assert.doesNotMatch(tag.description, /^(a namespace of the interface|an extension)/, `${tag.name} says what it is for`);
    const exported = doc.paths['/export'].post;
    assert.deepEqual(Object.keys(exported.responses['200'].content).sort(), ['application/fhir+ndjson', 'application/x-ndjson', 'text/csv; charset=utf-8']);
    assert.deepEqual(exported.requestBody.content['application/json'].schema.required, ['organizationId', 'resource']);
  });

  test('/openapi.json lists every registered operation and every error code; /docs serves a page', async () => {
    const doc = (await t().app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.ok(doc.paths['/api/tokenCounters/create'].post.requestBody);
    assert.deepEqual(doc.components.schemas.Error.properties.error.properties.code.enum, Object.keys(errorStatus));
    assert.deepEqual(doc.servers, [{ url: '/', description: 'this service' }]);
    const tags = doc.tags.map((tag: { name: string }) => tag.name);
    assert.deepEqual(tags.slice(0, INTERFACE_NAMESPACES.length), [...INTERFACE_NAMESPACES], 'the interface\'s namespaces first, in its order');
    assert.ok(tags.includes('webhooks') && tags.indexOf('webhooks') > tags.indexOf('notifications'));
    const create = doc.paths['/api/tokenCounters/create'].post.responses;
    assert.deepEqual(Object.keys(create).sort(), ['200', '400', '401', '403', '404', '409', '503', 'default']);
    const login = doc.paths['/api/auth/login'].post.responses;
    assert.ok(login['429'] && !login['403'], 'a public, rate-limited operation: 429, no 403');
    const docs = await t().app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.body, /<html/i);
    const init = await t().app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    assert.match(init.body, /"filter":\s*true/, 'the page has a filter box');
    assert.match(init.body, /"docExpansion":\s*"none"/, 'namespaces start folded');
  });

  test('an operation is callable at its own path with data as the body', async () => {
    const res = await t().app.inject({ method: 'POST', url: '/api/tokenCounters/getById', payload: { id: 'x', organizationId: 'o' } });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error.code, 'NOT_FOUND');
  });
});

test('every error code is documented in CONTRACT-derived docs/api.md with its HTTP status', () => {
  const doc = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');
  for (const [code, status] of Object.entries(errorStatus)) {
    assert.match(doc, new RegExp(`\\| ${code} \\| ${status} \\|`), `${code} ${status} missing from docs/api.md`);
  }
});
