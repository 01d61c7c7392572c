import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachDialect } from '../../../test/harness.ts';
import { SERVED_TYPES } from './served.ts';
import { FHIR_TYPES } from './types/index.ts';

describeEachDialect('FHIR R4 in /openapi.json and /docs', (t) => {
  test('the FHIR endpoints are listed under their own tag, with every type served, and each listed path is routed', async () => {
    const doc = (await t().app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const tag = doc.tags.find((one: { name: string }) => one.name === 'FHIR R4');
    assert.match(tag.description, /FHIR R4 API/);
    const fhirPaths = Object.keys(doc.paths).filter((path) => path.startsWith('/fhir/R4'));
    assert.deepEqual(fhirPaths.sort(), [
      '/fhir/R4/$export', '/fhir/R4/$export-file', '/fhir/R4/$export-file/{id}/{file}', '/fhir/R4/$export-status/{id}', '/fhir/R4/Group/{id}/$export', '/fhir/R4/Patient/$export',
      '/fhir/R4/metadata', '/fhir/R4/{type}', '/fhir/R4/{type}/_search', '/fhir/R4/{type}/{id}', '/fhir/R4/{type}/{id}/{operation}',
    ]);
    for (const path of fhirPaths) {
      for (const method of Object.keys(doc.paths[path])) {
        const url = path.replace(/\{(\w+)\}/g, ':$1');
        assert.ok(t().app.hasRoute({ method: method.toUpperCase(), url }), `${method} ${path} is routed`);
      }
    }
    assert.deepEqual(doc.paths['/fhir/R4/{type}'].post.parameters[0].schema.enum, ['Appointment', 'Patient']);
    const read = doc.paths['/fhir/R4/{type}/{id}'].get;
    assert.deepEqual(read.tags, ['FHIR R4']);
    const typeParam = read.parameters.find((p: { name: string }) => p.name === 'type');
    assert.deepEqual(typeParam.schema.enum, SERVED_TYPES.map((type) => type.type));
    assert.ok(read.parameters.some((p: { name: string; in: string; required: boolean }) => p.name === 'X-Organization-Id' && p.in === 'header' && p.required));

    // Each listed path is one the service answers (without a token: 401 where one is needed, never 404).
    for (const type of FHIR_TYPES) {
      for (const [method, url] of [['GET', `/fhir/R4/${type.type}/some-id`], ['GET', `/fhir/R4/${type.type}`], ['POST', `/fhir/R4/${type.type}/_search`]] as const) {
        const answer = await t().app.inject({ method, url, ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' } : {}) });
        assert.equal(answer.statusCode, 401, `${method} ${url}: ${answer.body}`);
      }
    }
    for (const [method, url] of [['POST', '/fhir/R4/Appointment'], ['POST', '/fhir/R4/Patient'], ['PATCH', '/fhir/R4/Appointment/some-id'], ['POST', '/fhir/R4/Appointment/some-id/$cancel']] as const) {
      const answer = await t().app.inject({ method, url, headers: { 'content-type': method === 'PATCH' ? 'application/json-patch+json' : 'application/fhir+json' }, payload: '{}' });
      assert.equal(answer.statusCode, 401, `${method} ${url}: ${answer.body}`);
    }
    assert.equal((await t().app.inject({ method: 'GET', url: '/fhir/R4/metadata' })).statusCode, 200);
  });
});
