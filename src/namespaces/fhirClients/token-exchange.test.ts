import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SignJWT } from 'jose';
import { signIn, tokenFor } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { tokenService } from '../../caller/tokens.ts';
import { appointments, booking, clinic, patient, type Clinic } from '../appointments/appointments.testkit.ts';
import { assertOutcome, fhir, type FhirCall, type Json } from '../fhir/fhir-http.testkit.ts';

const EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN = 'urn:ietf:params:oauth:token-type:access_token';

const idOf = (data: unknown) => (data as { item: { id: string } }).item.id;

describeEachDialect('FHIR R4 authorization: tokens narrowed to user/ and patient/ scopes (token exchange)', (t) => {
  async function tokenRequest(form: Record<string, string>): Promise<{ status: number; body: Json; headers: Record<string, unknown> }> {
    const response = await t().app.inject({ method: 'POST', url: '/fhir/R4/auth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  }

  const exchange = (subjectToken: string, scope: string, extra: Record<string, string> = {}) =>
    tokenRequest({ grant_type: EXCHANGE, subject_token: subjectToken, subject_token_type: ACCESS_TOKEN, scope, ...extra });

  async function narrowed(subjectToken: string, scope: string, extra: Record<string, string> = {}): Promise<Json> {
    const answer = await exchange(subjectToken, scope, extra);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.headers['cache-control'], 'no-store');
    return answer.body;
  }

  function refused(answer: { status: number; body: Json }, error: string, description?: RegExp): void {
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.equal(answer.body.error, error);
    assert.equal(answer.body.access_token, undefined);
    if (description) assert.match(answer.body.error_description, description);
  }

  const book = async (c: Clinic, data: Record<string, unknown>) => idOf(ok(await appointments(t())('create', booking(c, data), c.doctor.token)));

  test('smart-configuration lists the token exchange and the user/ and patient/ scopes', async () => {
    const body = (await t().app.inject({ method: 'GET', url: '/fhir/R4/.well-known/smart-configuration' })).json();
    assert.deepEqual(body.grant_types_supported, ['client_credentials', EXCHANGE]);
    for (const scope of ['system/*.read', 'user/*.read', 'user/*.rs', 'patient/*.read', 'patient/*.rs']) assert.ok(body.scopes_supported.includes(scope), scope);
    for (const capability of ['permission-v2', 'permission-user', 'permission-patient']) assert.ok(body.capabilities.includes(capability), capability);
  });

  test('a patient account\'s patient/ token reads and searches its own Appointment and Patient; another patient\'s, POST /api and a write are 403', async () => {
    const c = await clinic(t());
    const mine = await book(c, { patientId: c.signedPatient.id, scheduledTime: '09:00' });
    const theirs = await book(c, { scheduledTime: '11:00' });
    const own = await tokenFor(t(), c.signedPatient.idpUserId);

    const answer = await narrowed(own, 'patient/*.rs');
    assert.deepEqual({ ...answer, access_token: undefined }, {
      access_token: undefined,
      token_type: 'bearer',
      issued_token_type: ACCESS_TOKEN,
      expires_in: 300,
      scope: 'patient/*.rs',
      patient: c.signedPatient.id,
    });
    const as: FhirCall = { token: answer.access_token, organizationId: c.org };

    const read = await fhir(t(), 'GET', `/Appointment/${mine}`, as);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.equal(read.body.id, mine);
    assert.equal((await fhir(t(), 'GET', `/Patient/${c.signedPatient.id}`, as)).body.id, c.signedPatient.id);
    assertOutcome(await fhir(t(), 'GET', `/Appointment/${theirs}`, as), 403);
    assertOutcome(await fhir(t(), 'GET', `/Patient/${c.patient}`, as), 403);
    // Searches, as the account's own token searches: kept to its own records.
    const searched = await fhir(t(), 'GET', '/Appointment', as);
    assert.equal(searched.status, 200, JSON.stringify(searched.body));
    assert.deepEqual(searched.body.entry.map((e: Json) => e.resource.id), [mine]);
    assert.equal((await fhir(t(), 'GET', `/Appointment?patient=${c.patient}`, as)).body.total, 0, 'another patient\'s: nothing, as the account\'s own token');
    assertOutcome(await fhir(t(), 'GET', '/Practitioner', as), 403, /needs one of the roles/);
    // Never POST /api, not even the same read there (the account's own token may).
    ok(await t().call('fhir', 'readAppointment', { organizationId: c.org, id: mine }, { token: own }));
    failsWith(await t().call('fhir', 'readAppointment', { organizationId: c.org, id: mine }, { token: answer.access_token }), 'FORBIDDEN', 403);
    // Never a write.
    const cancel = { resourceType: 'Parameters', parameter: [{ name: 'reason', valueString: 'travelling' }] };
    assertOutcome(await fhir(t(), 'POST', `/Appointment/${mine}/$cancel`, { ...as, json: cancel }), 403, /read/);

    // A narrower scope reaches its type only, and reads by id only with `r`.
    const appointmentsOnly: FhirCall = { token: (await narrowed(own, 'patient/Appointment.r')).access_token, organizationId: c.org };
    assert.equal((await fhir(t(), 'GET', `/Appointment/${mine}`, appointmentsOnly)).status, 200);
    assertOutcome(await fhir(t(), 'GET', `/Patient/${c.signedPatient.id}`, appointmentsOnly), 403, /patient\/Patient\.read/);
    assertOutcome(await fhir(t(), 'GET', '/Appointment', appointmentsOnly), 403, /searching Appointment/);
    const searchesAppointments: FhirCall = { token: (await narrowed(own, 'patient/Appointment.rs')).access_token, organizationId: c.org };
    assert.equal((await fhir(t(), 'GET', '/Appointment', searchesAppointments)).status, 200);
    assertOutcome(await fhir(t(), 'GET', '/Appointment?_include=Appointment:patient', searchesAppointments), 403, /_include=Appointment:patient: the token's scopes do not allow searching Patient/);

    // The read log names the account as the reader.
    await t().app.readLog.flush();
    const reads = await t().database.db.selectFrom('patientDataReads').select(['operation', 'patientIds']).where('actorIdpUserId', '=', c.signedPatient.idpUserId).where('operation', '=', 'fhir.readPatient').execute();
    assert.deepEqual(reads.map((row) => row.patientIds), [JSON.stringify([c.signedPatient.id])]);
  });

  test('patient/ scopes act for one patient: an account linked to several names one, and reads only that one\'s records; staff without a patient context are invalid_scope', async () => {
    const c = await clinic(t());
    const second = await patient(t(), c.org, { name: 'Ravi Kumar (again)', idpUserId: c.signedPatient.idpUserId });
    const ofFirst = await book(c, { patientId: c.signedPatient.id, scheduledTime: '09:00' });
    const ofSecond = await book(c, { patientId: second, scheduledTime: '11:00' });
    const own = await tokenFor(t(), c.signedPatient.idpUserId);

    refused(await exchange(own, 'patient/*.read'), 'invalid_scope', /several patient records/);
    refused(await exchange(own, 'patient/*.read', { patient: c.patient }), 'invalid_scope', /no patient record linked/);
    const answer = await narrowed(own, 'patient/*.read', { patient: c.signedPatient.id });
    assert.equal(answer.patient, c.signedPatient.id);
    const as: FhirCall = { token: answer.access_token, organizationId: c.org };
    assert.equal((await fhir(t(), 'GET', `/Appointment/${ofFirst}`, as)).status, 200);
    // The account's own token reads both; the token of the first patient does not read the second's.
    assert.equal((await fhir(t(), 'GET', `/Appointment/${ofSecond}`, { token: own, organizationId: c.org })).status, 200);
    assertOutcome(await fhir(t(), 'GET', `/Appointment/${ofSecond}`, as), 403);
    assertOutcome(await fhir(t(), 'GET', `/Patient/${second}`, as), 403);
    // Its searches too: the first patient's records only, where the account's own token finds both.
    const ids = (body: Json) => (body.entry ?? []).map((e: Json) => e.resource.id).sort();
    assert.deepEqual(ids((await fhir(t(), 'GET', '/Appointment', { token: own, organizationId: c.org })).body), [ofFirst, ofSecond].sort());
    assert.deepEqual(ids((await fhir(t(), 'GET', '/Appointment', as)).body), [ofFirst]);
    assert.equal((await fhir(t(), 'GET', `/Appointment?patient=${second}`, as)).body.total, 0);
    assert.deepEqual(ids((await fhir(t(), 'GET', '/Patient', as)).body), [c.signedPatient.id]);

    refused(await exchange(c.doctor.token, 'patient/*.read'), 'invalid_scope', /no patient record/);
    // A doctor who is also a patient: a patient/ token reads as the patient, never as staff.
    const doctorAsPatient = await patient(t(), c.org, { name: 'Dr. as a patient', idpUserId: c.doctor.idpUserId });
    const asPatient: FhirCall = { token: (await narrowed(c.doctor.token, 'patient/*.read')).access_token, organizationId: c.org };
    assert.equal((await fhir(t(), 'GET', `/Patient/${doctorAsPatient}`, asPatient)).status, 200);
    assert.equal((await fhir(t(), 'GET', `/Patient/${c.patient}`, { token: c.doctor.token, organizationId: c.org })).status, 200);
    assertOutcome(await fhir(t(), 'GET', `/Patient/${c.patient}`, asPatient), 403);
    assertOutcome(await fhir(t(), 'GET', `/Appointment/${ofFirst}`, asPatient), 403);
  });

  test('a block counts for a narrowed token as for the account\'s own', async () => {
    const c = await clinic(t());
    const own = await tokenFor(t(), c.signedPatient.idpUserId);
    const as: FhirCall = { token: (await narrowed(own, 'patient/*.read')).access_token, organizationId: c.org };
    assert.equal((await fhir(t(), 'GET', `/Patient/${c.signedPatient.id}`, as)).status, 200);
    await signIn(t(), { organizationId: null, roles: ['staff'], blocked: true, idpUserId: c.signedPatient.idpUserId });
    assertOutcome(await fhir(t(), 'GET', `/Patient/${c.signedPatient.id}`, { token: own, organizationId: c.org }), 403, /blocked/);
    assertOutcome(await fhir(t(), 'GET', `/Patient/${c.signedPatient.id}`, as), 403, /blocked/);
  });

  test('a staff user\'s user/ token reads what its roles allow, narrowed to the scoped types; never POST /api or a write', async () => {
    const c = await clinic(t());
    const visit = await book(c, { scheduledTime: '09:00' });
    const answer = await narrowed(c.doctor.token, 'user/Patient.read user/Appointment.r');
    assert.equal(answer.patient, undefined);
    const as: FhirCall = { token: answer.access_token, organizationId: c.org };

    assert.equal((await fhir(t(), 'GET', `/Patient/${c.patient}`, as)).body.id, c.patient);
    const found = await fhir(t(), 'GET', `/Patient?_id=${c.patient}`, as);
    assert.equal(found.body.total, 1);
    assert.equal((await fhir(t(), 'GET', `/Appointment/${visit}`, as)).body.id, visit);
    assertOutcome(await fhir(t(), 'GET', `/Appointment?patient=${c.patient}`, as), 403, /searching Appointment/);
    assertOutcome(await fhir(t(), 'GET', `/Practitioner/${c.doctor.userId}`, as), 403, /user\/Practitioner\.read/);
    assertOutcome(await fhir(t(), 'GET', `/Patient/${c.patient}`, { ...as, organizationId: `${c.org}-other` }), 403);
    // An include reaches no further than a search would: the scopes must cover the type included.
    const searching: FhirCall = { token: (await narrowed(c.doctor.token, 'user/Appointment.rs')).access_token, organizationId: c.org };
    assert.equal((await fhir(t(), 'GET', `/Appointment?patient=${c.patient}`, searching)).body.total, 1);
    assertOutcome(await fhir(t(), 'GET', `/Appointment?patient=${c.patient}&_include=Appointment:patient`, searching), 403, /user\/Patient\.read/);
    assertOutcome(await fhir(t(), 'GET', `/Patient?_id=${c.patient}&_revinclude=Appointment:patient`, as), 403, /searching Appointment/);

    // What its roles do not allow stays refused whatever the scope: doctors read no Invoice.
    const everything: FhirCall = { token: (await narrowed(c.doctor.token, 'user/*.read')).access_token, organizationId: c.org };
    assert.equal((await fhir(t(), 'GET', `/Practitioner/${c.doctor.userId}`, everything)).status, 200);
    assertOutcome(await fhir(t(), 'GET', '/Invoice', everything), 403, /role/);
    assertOutcome(await fhir(t(), 'GET', '/Invoice', { token: c.doctor.token, organizationId: c.org }), 403, /role/);

    failsWith(await t().call('patients', 'getById', { organizationId: c.org, id: c.patient }, { token: answer.access_token }), 'FORBIDDEN', 403);
    ok(await t().call('patients', 'getById', { organizationId: c.org, id: c.patient }, { token: c.doctor.token }));
    assertOutcome(await fhir(t(), 'POST', '/Patient', { ...everything, json: { resourceType: 'Patient', name: [{ text: 'Meera Shah' }] } }), 403, /read/);
    assert.equal((await fhir(t(), 'POST', '/Patient', { token: c.doctor.token, organizationId: c.org, json: { resourceType: 'Patient', name: [{ text: 'Meera Shah' }] } })).status, 201);
  });

  test('the subject token: garbage, foreign, expired, a narrowed one (no widening) or a client\'s is invalid_grant; the request and scopes are checked', async () => {
    const c = await clinic(t());
    const own = await tokenFor(t(), c.signedPatient.idpUserId);
    const signed = (secret: string, expiresAt: number) =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(c.signedPatient.idpUserId).setIssuer(t().config.auth.issuer).setIssuedAt().setExpirationTime(expiresAt).sign(new TextEncoder().encode(secret));
    const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

    refused(await exchange('garbage', 'patient/*.read'), 'invalid_grant');
    refused(await exchange(await signed('another service\'s secret, long enough to sign', inSeconds(600)), 'patient/*.read'), 'invalid_grant');
    refused(await exchange(await signed(t().config.auth.jwtSecret, inSeconds(-60)), 'patient/*.read'), 'invalid_grant');
    // A subject token about to expire gives a token that expires with it.
    const shortLived = await narrowed(await signed(t().config.auth.jwtSecret, inSeconds(60)), 'patient/*.read');
    assert.ok(shortLived.expires_in <= 60 && shortLived.expires_in > 50, String(shortLived.expires_in));

    const narrow = (await narrowed(own, 'patient/Appointment.read')).access_token;
    refused(await exchange(narrow, 'patient/*.read'), 'invalid_grant', /narrowed/);
    refused(await exchange(narrow, 'patient/Appointment.read'), 'invalid_grant', /narrowed/);
    const client = (await tokenService(t().config).issueClient({ clientId: 'client-1', organizationId: c.org, scope: 'system/*.read' })).accessToken;
    refused(await exchange(client, 'user/*.read'), 'invalid_grant');

    refused(await tokenRequest({ grant_type: EXCHANGE, subject_token: own, scope: 'patient/*.read' }), 'invalid_request', /subject_token_type/);
    refused(await tokenRequest({ grant_type: EXCHANGE, subject_token_type: ACCESS_TOKEN, scope: 'patient/*.read' }), 'invalid_request', /subject_token/);
    refused(await exchange(own, ''), 'invalid_request', /scope/);
    refused(await exchange(own, 'system/*.read'), 'invalid_scope', /client_credentials/);
    refused(await exchange(own, 'patient/*.write'), 'invalid_scope', /read scopes/);
    refused(await exchange(own, 'patient/*.cruds'), 'invalid_scope', /read scopes/);
    refused(await exchange(own, 'user/Patient.read patient/Appointment.read'), 'invalid_scope', /not both/);
  });
});

