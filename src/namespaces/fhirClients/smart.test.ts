import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { orgId, signIn, tokenFor, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok, type TestApp } from '../../../test/harness.ts';
import { JobRunner } from '../../background/runner.ts';
import { createServices } from '../../providers/index.ts';
import { newId } from '../../values/ids.ts';
import { bulkExportJob } from '../fhir/bulk/bulk.job.ts';
import { assertValidFhir } from '../fhir/fhir-validator.testkit.ts';

// Tests read into FHIR and OAuth answers freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface KeyPair {
  alg: 'RS384' | 'ES384';
  privateKey: CryptoKey;
  jwk: JWK;
}

async function keyPair(alg: 'RS384' | 'ES384' = 'RS384'): Promise<KeyPair> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  return { alg, privateKey, jwk: { ...(await exportJWK(publicKey)), kid: newId(), alg } };
}

interface Claims {
  iss?: string;
  sub?: string;
  aud?: string;
  /** seconds from now */
  expiresIn?: number;
  jti?: string;
}

/** A client assertion as SMART Backend Services says: signed by the client's private key, iss = sub = client_id, aud = the token endpoint. */
function assertion(key: KeyPair, clientId: string, aud: string, claims: Claims = {}): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: key.jwk.kid!, typ: 'JWT' })
    .setIssuer(claims.iss ?? clientId)
    .setSubject(claims.sub ?? clientId)
    .setAudience(claims.aud ?? aud)
    .setExpirationTime(Math.floor(Date.now() / 1000) + (claims.expiresIn ?? 240))
    .setJti(claims.jti ?? newId())
    .sign(key.privateKey);
}

async function fhir(t: TestApp, url: string, options: { token?: string; organizationId?: string }): Promise<{ status: number; body: Json }> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/fhir/R4${url}`,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.organizationId ? { 'x-organization-id': options.organizationId } : {}) },
  });
  const body: Json = JSON.parse(response.body);
  assertValidFhir(body);
  return { status: response.statusCode, body };
}

describeEachDialect('FHIR R4 authorization: SMART backend clients and patient accounts', (t) => {
  let tokenEndpoint = '';

  async function organization() {
    const organizationId = orgId();
    const admin = await signIn(t(), { organizationId, roles: ['admin'] });
    const doctor = await signIn(t(), { organizationId, roles: ['doctor'] });
    const patient = async (name: string) => ok(await t().call('patients', 'create', { organizationId, name }, { token: doctor.token })).item as { id: string };
    return { organizationId, admin, doctor, patient };
  }

  async function registered(organizationId: string, admin: SignedIn, scopes = ['system/*.read'], key?: KeyPair) {
    const keys = key ?? (await keyPair());
    const item = ok(await t().call('fhirClients', 'register', { organizationId, name: 'Integration engine', jwks: { keys: [keys.jwk] }, scopes }, { token: admin.token })).item;
    return { clientId: item.id as string, key: keys, item };
  }

  async function tokenRequest(form: Record<string, string>) {
    const response = await t().app.inject({ method: 'POST', url: '/fhir/R4/auth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  }

  const grant = (clientAssertion: string, scope = 'system/*.read') => ({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: clientAssertion,
    scope,
  });

  async function accessToken(clientId: string, key: KeyPair, scope = 'system/*.read'): Promise<string> {
    const answer = await tokenRequest(grant(await assertion(key, clientId, tokenEndpoint), scope));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.access_token;
  }

  function refused(answer: { status: number; body: Json }, status: number, error: string, description?: RegExp): void {
    assert.equal(answer.status, status, JSON.stringify(answer.body));
    assert.equal(answer.body.error, error);
    assert.equal(typeof answer.body.error_description, 'string');
    assert.equal(answer.body.access_token, undefined);
    if (description) assert.match(answer.body.error_description, description);
  }

  test('smart-configuration points to the token endpoint and says what it takes', async () => {
    const response = await t().app.inject({ method: 'GET', url: '/fhir/R4/.well-known/smart-configuration' });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    tokenEndpoint = body.token_endpoint;
    assert.match(tokenEndpoint, /^http:\/\/[^/]+\/fhir\/R4\/auth\/token$/);
    assert.deepEqual(body.token_endpoint_auth_methods_supported, ['private_key_jwt']);
    assert.deepEqual(body.token_endpoint_auth_signing_alg_values_supported, ['RS384', 'ES384']);
    assert.deepEqual(body.grant_types_supported, ['client_credentials', 'urn:ietf:params:oauth:grant-type:token-exchange']);
    assert.ok(body.scopes_supported.includes('system/*.read'));
    assert.ok(body.capabilities.includes('client-confidential-asymmetric'));
    // The CapabilityStatement says SMART is how clients authorize.
    const metadata = await fhir(t(), '/metadata', {});
    assert.deepEqual(metadata.body.rest[0].security.service[0].coding, [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' }]);
  });

  test('an admin registers, lists and revokes clients; other roles may not; keys and scopes are checked', async () => {
    const { organizationId, admin, doctor } = await organization();
    const { clientId, item } = await registered(organizationId, admin, ['system/Patient.read', 'system/*.rs']);
    assert.equal(item.organizationId, organizationId);
    assert.deepEqual(item.scopes, ['system/Patient.read', 'system/*.rs']);
    assert.equal(item.revokedAt, null);
    assert.equal(item.createdBy, admin.idpUserId);
    const listed = ok(await t().call('fhirClients', 'list', { organizationId }, { token: admin.token })).items;
    assert.deepEqual(listed.map((c: Json) => c.id), [clientId]);
    // The write is in the audit trail.
    const audited = await t().database.db.selectFrom('auditLog').select(['operation', 'actorId']).where('recordId', '=', clientId).execute();
    assert.deepEqual(audited.map((row) => ({ ...row })), [{ operation: 'fhirClients.register', actorId: admin.idpUserId }]);

    const key = await keyPair();
    failsWith(await t().call('fhirClients', 'register', { organizationId, name: 'x', jwks: { keys: [key.jwk] }, scopes: ['system/*.read'] }, { token: doctor.token }), 'FORBIDDEN', 403);
    failsWith(await t().call('fhirClients', 'list', { organizationId }, { token: doctor.token }), 'FORBIDDEN', 403);
    const other = await organization();
    failsWith(await t().call('fhirClients', 'revoke', { organizationId, id: clientId }, { token: other.admin.token }), 'FORBIDDEN', 403);
    failsWith(await t().call('fhirClients', 'revoke', { organizationId: other.organizationId, id: clientId }, { token: other.admin.token }), 'NOT_FOUND', 404);

    const { privateKey } = await generateKeyPair('RS384', { extractable: true });
    const bad: [string, Json][] = [
      ['a private key', { jwks: { keys: [await exportJWK(privateKey)] }, scopes: ['system/*.read'] }],
      ['a patient scope', { jwks: { keys: [key.jwk] }, scopes: ['patient/*.read'] }],
      ['a write scope', { jwks: { keys: [key.jwk] }, scopes: ['system/*.write'] }],
      ['no keys', { scopes: ['system/*.read'] }],
      ['keys twice', { jwks: { keys: [key.jwk] }, jwksUrl: 'https://example.test/jwks', scopes: ['system/*.read'] }],
      ['a key that is no key', { jwks: { keys: [{ kty: 'RSA', n: 'AQAB', e: 'AQAB' }] }, scopes: ['system/*.read'] }],
      ['a jwksUrl on a private address', { jwksUrl: 'https://127.0.0.1/jwks', scopes: ['system/*.read'] }],
    ];
    for (const [what, data] of bad) failsWith(await t().call('fhirClients', 'register', { organizationId, name: what, ...data }, { token: admin.token }), 'VALIDATION_FAILED', 400);

    const revoked = ok(await t().call('fhirClients', 'revoke', { organizationId, id: clientId }, { token: admin.token })).item;
    assert.equal(typeof revoked.revokedAt, 'number');
    assert.equal(ok(await t().call('fhirClients', 'revoke', { organizationId, id: clientId }, { token: admin.token })).item.revokedAt, revoked.revokedAt);
  });

  test('a client gets a token with a signed assertion and reads its organization\'s Patients; the read log names it', async () => {
    const { organizationId, admin, patient } = await organization();
    const ana = await patient('Ana Souza');
    const ben = await patient('Ben Okafor');
    for (const alg of ['RS384', 'ES384'] as const) {
      const { clientId, key } = await registered(organizationId, admin, ['system/*.read'], await keyPair(alg));
      const answer = await tokenRequest(grant(await assertion(key, clientId, tokenEndpoint), 'system/Patient.read'));
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.equal(answer.body.token_type, 'bearer');
      assert.equal(answer.body.scope, 'system/Patient.read');
      assert.equal(answer.body.expires_in, 300);
      assert.equal(answer.headers['cache-control'], 'no-store');
      const token = answer.body.access_token;

      const read = await fhir(t(), `/Patient/${ana.id}`, { token, organizationId });
      assert.equal(read.status, 200, JSON.stringify(read.body));
      assert.equal(read.body.id, ana.id);
      const search = await fhir(t(), '/Patient?name=ben', { token, organizationId });
      assert.equal(search.status, 200);
      assert.deepEqual(search.body.entry.map((e: Json) => e.resource.id), [ben.id]);

      await t().app.readLog.flush();
      const reads = await t().database.db.selectFrom('patientDataReads').select(['operation', 'organizationId', 'patientIds']).where('actorIdpUserId', '=', `client:${clientId}`).orderBy('operation').execute();
      assert.deepEqual(reads.map((row) => ({ ...row })), [
        { operation: 'fhir.readPatient', organizationId, patientIds: JSON.stringify([ana.id]) },
        { operation: 'fhir.searchPatient', organizationId, patientIds: JSON.stringify([ben.id]) },
      ]);
    }
  });

  test('the token endpoint refuses a wrong signature, an expired or too long-lived assertion, another aud, a replayed jti, scopes not registered', async () => {
    const { organizationId, admin } = await organization();
    const { clientId, key } = await registered(organizationId, admin, ['system/Patient.read']);
    const stranger = await keyPair();
    const signed = (claims: Claims = {}, by: KeyPair = key) => assertion({ ...by, jwk: key.jwk }, clientId, tokenEndpoint, claims);

    refused(await tokenRequest(grant(await signed({}, stranger), 'system/Patient.read')), 401, 'invalid_client', /signature/);
    refused(await tokenRequest(grant(await signed({ expiresIn: -60 }), 'system/Patient.read')), 401, 'invalid_client', /expired/);
    refused(await tokenRequest(grant(await signed({ expiresIn: 600 }), 'system/Patient.read')), 401, 'invalid_client', /exp/);
    refused(await tokenRequest(grant(await signed({ aud: 'https://elsewhere.example/token' }), 'system/Patient.read')), 401, 'invalid_client', /aud/);
    refused(await tokenRequest(grant(await signed({ sub: 'someone-else' }), 'system/Patient.read')), 401, 'invalid_client', /sub/);
    refused(await tokenRequest(grant(await signed({ iss: newId() }), 'system/Patient.read')), 401, 'invalid_client', /no such client/);
    refused(await tokenRequest(grant('not-a-jwt', 'system/Patient.read')), 401, 'invalid_client');
    refused(await tokenRequest(grant(await signed({ jti: '' }), 'system/Patient.read')), 401, 'invalid_client', /jti/);

    const once = await signed();
    assert.equal((await tokenRequest(grant(once, 'system/Patient.read'))).status, 200);
    refused(await tokenRequest(grant(once, 'system/Patient.read')), 401, 'invalid_client', /used before/);

    refused(await tokenRequest(grant(await signed(), 'system/*.read')), 400, 'invalid_scope', /system\/\*\.read/);
    refused(await tokenRequest(grant(await signed(), 'system/Observation.read')), 400, 'invalid_scope');
    refused(await tokenRequest(grant(await signed(), 'system/Patient.write')), 400, 'invalid_scope');
    refused(await tokenRequest({ ...grant(await signed()), grant_type: 'password' }), 400, 'unsupported_grant_type');
    refused(await tokenRequest({ ...grant(await signed()), client_assertion_type: 'other' }), 400, 'invalid_request');
    const { scope: _, ...noScope } = grant(await signed());
    refused(await tokenRequest(noScope), 400, 'invalid_request', /scope/);
    const json = await t().app.inject({ method: 'POST', url: '/fhir/R4/auth/token', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(grant(await signed())) });
    refused({ status: json.statusCode, body: json.json() }, 400, 'invalid_request');
  });

  test('an address asking for tokens more than 60 times a minute is 429', async () => {
    const ask = () => t().app.inject({ method: 'POST', url: '/fhir/R4/auth/token', remoteAddress: '10.20.30.40', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=client_credentials' });
    for (let i = 0; i < 60; i++) assert.equal((await ask()).statusCode, 400);
    const over = await ask();
    assert.equal(over.statusCode, 429);
    assert.ok(Number(over.headers['retry-after']) >= 1);
    assert.equal(over.json().error, 'invalid_request');
  });

  test('a client with system/*.read runs a Bulk Data export of its organization; narrower scopes export only what they read', async () => {
    const { organizationId, admin, patient } = await organization();
    const ana = await patient('Ana Export');
    const get = (url: string, token: string, headers: Record<string, string> = {}) =>
      t().app.inject({ method: 'GET', url: url.startsWith('http') ? new URL(url).pathname : `/fhir/R4${url}`, headers: { authorization: `Bearer ${token}`, 'x-organization-id': organizationId, ...headers } });
    const asyncly = { prefer: 'respond-async', accept: 'application/fhir+json' };

    const narrow = await registered(organizationId, admin, ['system/Patient.read']);
    const patientsOnly = await accessToken(narrow.clientId, narrow.key, 'system/Patient.read');
    assert.equal((await get('/$export', patientsOnly, asyncly)).statusCode, 403);
    assert.equal((await get('/$export?_type=Patient', patientsOnly, asyncly)).statusCode, 202);

    const { clientId, key } = await registered(organizationId, admin, ['system/*.read']);
    const token = await accessToken(clientId, key);
    const started = await get('/$export?_type=Patient', token, asyncly);
    assert.equal(started.statusCode, 202, started.body);
    const statusUrl = String(started.headers['content-location']);
    let status = await get(statusUrl, token);
    for (let pass = 0; status.statusCode === 202 && pass < 20; pass++) {
      const runner = new JobRunner({ database: t().database, config: t().config, services: createServices(t().config, t().app.log), log: t().app.log, jobs: [bulkExportJob()], now: () => Date.now() + (pass + 1) * 60_000 });
      await runner.runDue();
      status = await get(statusUrl, token);
    }
    assert.equal(status.statusCode, 200, status.body);
    const [file] = status.json().output;
    const downloaded = await get(file.url, token, { accept: 'application/fhir+ndjson' });
    assert.equal(downloaded.statusCode, 200);
    const ids = downloaded.body.trim().split('\n').map((line) => {
      const resource = JSON.parse(line);
      assertValidFhir(resource);
      return resource.id;
    });
    assert.ok(ids.includes(ana.id));
    // Another client of the organization does not see this client's export.
    assert.equal((await get(statusUrl, patientsOnly)).statusCode, 404);
  });

  test('a revoked client gets no token, and the tokens it has are refused', async () => {
    const { organizationId, admin, patient } = await organization();
    const ana = await patient('Ana');
    const { clientId, key } = await registered(organizationId, admin);
    const token = await accessToken(clientId, key);
    assert.equal((await fhir(t(), `/Patient/${ana.id}`, { token, organizationId })).status, 200);
    ok(await t().call('fhirClients', 'revoke', { organizationId, id: clientId }, { token: admin.token }));
    refused(await tokenRequest(grant(await assertion(key, clientId, tokenEndpoint))), 401, 'invalid_client');
    assert.equal((await fhir(t(), `/Patient/${ana.id}`, { token, organizationId })).status, 401);
  });

  test('a client token reaches its organization only, the FHIR reads its scopes cover only, and never POST /api', async () => {
    const { organizationId, admin, patient } = await organization();
    const ana = await patient('Ana');
    const other = await organization();
    const theirs = await other.patient('Theo');
    const { clientId, key } = await registered(organizationId, admin, ['system/Patient.r', 'system/Practitioner.read']);

    const readOnly = await accessToken(clientId, key, 'system/Patient.r');
    assert.equal((await fhir(t(), `/Patient/${ana.id}`, { token: readOnly, organizationId })).status, 200);
    // Another organization named: forbidden; its patient in the client's own organization: not found.
    assert.equal((await fhir(t(), `/Patient/${theirs.id}`, { token: readOnly, organizationId: other.organizationId })).status, 403);
    assert.equal((await fhir(t(), `/Patient/${theirs.id}`, { token: readOnly, organizationId })).status, 404);
    // `r` reads by id, it does not search.
    assert.equal((await fhir(t(), '/Patient', { token: readOnly, organizationId })).status, 403);
    const practitioners = await accessToken(clientId, key, 'system/Practitioner.read');
    const notCovered = await fhir(t(), `/Patient/${ana.id}`, { token: practitioners, organizationId });
    assert.equal(notCovered.status, 403);
    assert.match(JSON.stringify(notCovered.body.issue), /system\/Patient\.read/);
    // Every type served is covered by its name: system/*.read reads them all, system/Patient.* no other.
    assert.equal((await fhir(t(), '/Appointment', { token: readOnly, organizationId })).status, 403);
    const everything = await registered(organizationId, admin, ['system/*.read']);
    const all = await accessToken(everything.clientId, everything.key);
    for (const type of ['Practitioner', 'Appointment', 'Encounter', 'Organization']) assert.equal((await fhir(t(), `/${type}`, { token: all, organizationId })).status, 200, type);
    // The metadata stays public with it.
    assert.equal((await fhir(t(), '/metadata', { token: readOnly })).status, 200);

    failsWith(await t().call('patients', 'getById', { organizationId, id: ana.id }, { token: readOnly }), 'FORBIDDEN', 403);
    failsWith(await t().call('fhir', 'readPatient', { organizationId, id: ana.id }, { token: readOnly }), 'FORBIDDEN', 403);
    failsWith(await t().call('patients', 'create', { organizationId, name: 'Eve' }, { token: readOnly }), 'FORBIDDEN', 403);
    failsWith(await t().call('fhirClients', 'register', { organizationId, name: 'x', jwks: { keys: [key.jwk] }, scopes: ['system/*.read'] }, { token: readOnly }), 'FORBIDDEN', 403);
    failsWith(await t().call('auth', 'me', {}, { token: readOnly }), 'FORBIDDEN', 403);
  });

  test('a patient\'s own account reads its own Patient, without being a member, and no other', async () => {
    const { organizationId, doctor, patient } = await organization();
    const mine = await patient('Asha Rao');
    const someoneElse = await patient('Bela Rao');
    const account = newId();
    // The link as patients.linkAccount makes it once the account accepts (patients.accountLink.ts).
    await t().database.db.updateTable('patients').set({ idpUserId: account }).where('id', '=', mine.id).execute();
    const token = await tokenFor(t(), account);

    const own = await fhir(t(), `/Patient/${mine.id}`, { token, organizationId });
    assert.equal(own.status, 200);
    assert.equal(own.body.id, mine.id);
    assert.equal((await fhir(t(), `/Patient/${someoneElse.id}`, { token, organizationId })).status, 403);
    assert.equal((await fhir(t(), `/Patient/${mine.id}`, { token, organizationId: orgId() })).status, 403);
    // Its search finds its own record only (docs/fhir.md, "A patient's own account").
    const searched = await fhir(t(), '/Patient', { token, organizationId });
    assert.equal(searched.status, 200);
    assert.deepEqual(searched.body.entry.map((entry: { resource: { id: string } }) => entry.resource.id), [mine.id]);
    // Staff read as before.
    assert.equal((await fhir(t(), `/Patient/${someoneElse.id}`, { token: doctor.token, organizationId })).status, 200);

    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').select(['operation', 'patientIds']).where('actorIdpUserId', '=', account).execute();
    assert.deepEqual(
      reads.map((row) => ({ ...row })).sort((a, b) => a.operation.localeCompare(b.operation)),
      [
        { operation: 'fhir.readPatient', patientIds: JSON.stringify([mine.id]) },
        { operation: 'fhir.searchPatient', patientIds: JSON.stringify([mine.id]) },
      ],
    );
  });

  test('a patient sees a backend client\'s reads of its records under the client\'s name', async () => {
    const { organizationId, admin, patient } = await organization();
    const mine = await patient('Chitra Das');
    const account = newId();
    await t().database.db.updateTable('patients').set({ idpUserId: account }).where('id', '=', mine.id).execute();
    const { clientId, key } = await registered(organizationId, admin);
    assert.equal((await fhir(t(), `/Patient/${mine.id}`, { token: await accessToken(clientId, key), organizationId })).status, 200);
    await t().app.readLog.flush();
    const seen = ok(await t().call('audit', 'listReadsOfMyRecords', {}, { token: await tokenFor(t(), account) })).items;
    assert.deepEqual(seen.map((read: Json) => [read.operation, read.reader]), [['fhir.readPatient', { idpUserId: `client:${clientId}`, displayName: 'Integration engine', roles: [] }]]);
  });
});
