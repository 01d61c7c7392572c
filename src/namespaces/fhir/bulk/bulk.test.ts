import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn, type SignedIn } from '../../../../test/builders.ts';
import { createTestApp, describeEachDialect, ok } from '../../../../test/harness.ts';
import { assertValidFhir } from '../fhir-validator.testkit.ts';
import { MAX_RUNNING } from './bulkExport.ts';
import { KEPT_MS } from './bulk.job.ts';
import { assertOutcome, clock, filesOf, http, kickOff, runJob, runToEnd, type Json } from './bulk.testkit.ts';
import { TYPE_NAMES } from './bulk.types.ts';

const ENV = { AUTH_MODE: 'required' };

describeEachDialect(
  'FHIR Bulk Data export: kick-off, status, files, cancel, restart',
  (t) => {
    const org = orgId();
    const PATIENTS = 11;
    let admin: SignedIn;
    let doctor: SignedIn;
    let patientIds: string[];
    let otherPatient: string;
    before(async () => {
      admin = await signIn(t(), { organizationId: org, roles: ['admin'] });
      doctor = await signIn(t(), { organizationId: org, roles: ['doctor'] });
      patientIds = [];
      for (let i = 0; i < PATIENTS; i++) {
        const patient = ok(await t().call('patients', 'create', { organizationId: org, name: `Patient ${i}`, gender: i % 2 ? 'female' : 'male', dob: '1990-01-02' }, { token: admin.token })).item;
        patientIds.push(patient.id);
      }
      ok(await t().call('appointments', 'create', { organizationId: org, patientId: patientIds[0], doctorId: doctor.userId, scheduledDate: '2030-04-01', scheduledTime: '10:00', duration: 30, type: 'consultation', reason: 'Fever' }, { token: admin.token }));
      ok(await t().call('admissions', 'create', { organizationId: org, patientId: patientIds[1], admittingDoctorId: doctor.userId, admissionReason: 'Observation', status: 'REQUESTED', requestedAt: Date.now() }, { token: admin.token }));
      const elsewhere = orgId();
      const theirs = await signIn(t(), { organizationId: elsewhere, roles: ['admin'] });
      otherPatient = ok(await t().call('patients', 'create', { organizationId: elsewhere, name: 'Someone Elsewhere' }, { token: theirs.token })).item.id;
    });

    test('round trip: kick-off 202 with Content-Location, 202 with X-Progress while running, the manifest, every file valid FHIR, the read log', async () => {
      const started = await kickOff(t(), '/$export', { token: admin.token, organizationId: org });
      assertOutcome(started, 202);
      const statusUrl = String(started.headers['content-location']);
      assert.match(statusUrl, /^http:\/\/localhost(:\d+)?\/fhir\/R4\/\$export-status\/[\w-]+$/);
      const running = await http(t(), 'GET', statusUrl, { token: admin.token });
      assert.equal(running.status, 202);
      assert.equal(running.headers['x-progress'], `0 of ${TYPE_NAMES.length} types written, 0 resources`, 'every type an admin searches, AuditEvent too');
      assert.equal(running.headers['retry-after'], '5');

      const done = await runToEnd(t(), statusUrl, admin.token, { pageRows: 4, pagesPerRun: 2 });
      assert.equal(done.status, 200, done.text);
      assert.match(String(done.headers['content-type']), /^application\/json/);
      assert.ok(Date.parse(String(done.headers.expires)) > Date.now(), 'the files expire');
      const manifest = done.body;
      assert.match(manifest.transactionTime, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      assert.match(manifest.request, /\/fhir\/R4\/\$export$/);
      assert.equal(manifest.requiresAccessToken, true);
      assert.deepEqual(manifest.error, []);
      const counts = new Map(manifest.output.map((o: Json) => [o.type, o.count]));
      assert.deepEqual([counts.get('Patient'), counts.get('Practitioner'), counts.get('Appointment'), counts.get('Encounter')], [PATIENTS, 2, 1, 1]);
      assert.deepEqual(manifest.output.map((o: Json) => o.type), TYPE_NAMES.filter((type) => counts.has(type)), 'the files in the order of the types');

      const files = await filesOf(t(), manifest, admin.token);
      assert.deepEqual(files.Patient!.map((p) => p.id).sort(), [...patientIds].sort(), 'every patient once, across pages');
      assert.ok(files.Patient!.every((p) => p.resourceType === 'Patient'));
      assert.ok(!files.Patient!.some((p) => p.id === otherPatient), 'nobody of another organization');
      assert.deepEqual(files.Practitioner!.map((p) => p.id).sort(), [admin.userId, doctor.userId].sort(), 'every member, as the API has them');
      assert.deepEqual(files.Appointment![0].participant.map((p: Json) => p.actor.reference), [`Patient/${patientIds[0]}`, `Practitioner/${doctor.userId}`]);
      assert.equal(files.Encounter![0].subject.reference, `Patient/${patientIds[1]}`);

      const posted = await t().app.inject({ method: 'POST', url: '/fhir/R4/$export-file', headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' }, payload: { id: manifest.output[0].url.split('/').at(-2), type: 'Patient' } });
      assert.equal(posted.statusCode, 200, posted.body);
      assert.deepEqual(posted.body.split('\n').filter(Boolean).map((line) => JSON.parse(line).id), files.Patient!.map((p) => p.id), 'the same file through POST, as every file answer');

      await t().app.readLog.flush();
      const reads = await t().database.db.selectFrom('patientDataReads').selectAll().where('organizationId', '=', org).where('operation', '=', 'fhir.bulkExportFile').execute();
      const read = new Set(reads.flatMap((r) => JSON.parse(r.patientIds) as string[]));
      assert.deepEqual([...read].sort(), [...patientIds].sort(), 'every exported patient is in the read log');
      assert.ok(reads.every((r) => r.actorIdpUserId === admin.idpUserId));
    });

    test('the CapabilityStatement instantiates the IG and names the kick-offs and the types each exports', async () => {
      const metadata = await http(t(), 'GET', '/metadata');
      assert.equal(metadata.status, 200);
      assert.deepEqual(metadata.body.instantiates, ['http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data']);
      const [system, patient] = metadata.body.rest[0].operation;
      assert.deepEqual(metadata.body.rest[0].operation.map((o: Json) => o.name), ['export', 'patient-export', 'group-export']);
      assert.ok(system.documentation.includes(TYPE_NAMES.join(', ')), 'it names the types exported');
      assert.ok(patient.documentation.includes('Patient, Appointment, Encounter, ServiceRequest, DiagnosticReport, ChargeItem, Account, PaymentReconciliation, Invoice.'), 'and the compartment\'s');
    });

    test('_type, Patient and Group level, and the parameters refused', async () => {
      const who = { token: admin.token, organizationId: org };
      const typed = await kickOff(t(), '/$export?_type=Encounter,Patient&_outputFormat=application/fhir%2Bndjson', who);
      assert.equal(typed.status, 202);
      const manifest = (await runToEnd(t(), String(typed.headers['content-location']), admin.token)).body;
      assert.deepEqual(manifest.output.map((o: Json) => o.type), ['Patient', 'Encounter'], 'the types asked, nothing else');
      assert.match(manifest.request, /_type=Encounter,Patient/);

      const patientLevel = await kickOff(t(), '/Patient/$export', who);
      const patientManifest = (await runToEnd(t(), String(patientLevel.headers['content-location']), admin.token)).body;
      assert.deepEqual(patientManifest.output.map((o: Json) => o.type), ['Patient', 'Appointment', 'Encounter', 'Account'], 'the Patient compartment (of the types with rows here)');

      const group = await kickOff(t(), `/Group/${org}/$export?_type=Patient`, who);
      const groupManifest = (await runToEnd(t(), String(group.headers['content-location']), admin.token)).body;
      assert.deepEqual(groupManifest.output.map((o: Json) => [o.type, o.count]), [['Patient', PATIENTS]]);

      assertOutcome(await kickOff(t(), '/Group/some-other-group/$export', who), 404, /Group not found/);
      assertOutcome(await kickOff(t(), '/$export?_type=Observation', who), 400, /Observation is not exported/);
      assertOutcome(await kickOff(t(), '/Patient/$export?_type=Practitioner', who), 400, /Patient compartment/);
      assertOutcome(await kickOff(t(), '/$export?_elements=Patient.id', who), 400, /_elements is not supported/);
      assertOutcome(await kickOff(t(), '/$export?_outputFormat=text/csv', who), 400, /_outputFormat/);
      assertOutcome(await kickOff(t(), '/$export?_since=yesterday', who), 400, /_since/);
      assertOutcome(await http(t(), 'GET', '/$export', who), 400, /Prefer: respond-async/);

      // The POST kick-off, its parameters in a Parameters body.
      const post = (payload: unknown) =>
        t().app.inject({ method: 'POST', url: '/fhir/R4/$export', headers: { authorization: `Bearer ${admin.token}`, 'x-organization-id': org, prefer: 'respond-async', 'content-type': 'application/fhir+json' }, payload: JSON.stringify(payload) });
      const posted = await post({ resourceType: 'Parameters', parameter: [{ name: '_type', valueString: 'Encounter' }, { name: '_outputFormat', valueString: 'ndjson' }] });
      assert.equal(posted.statusCode, 202, posted.body);
      const postedManifest = (await runToEnd(t(), String(posted.headers['content-location']), admin.token)).body;
      assert.deepEqual(postedManifest.output.map((o: Json) => o.type), ['Encounter']);
      const refusedBody = await post({ resourceType: 'Patient' });
      assert.equal(refusedBody.statusCode, 400);
      assertValidFhir(JSON.parse(refusedBody.body));
      const patientParameter = await post({ resourceType: 'Parameters', parameter: [{ name: 'patient', valueReference: { reference: 'Patient/1' } }] });
      assert.match(patientParameter.body, /patient is not supported/);
      const lenient = await kickOff(t(), '/$export?_type=Patient&colour=blue', who);
      assert.equal(lenient.status, 202);
      assert.equal(lenient.headers['x-unknown-fields'], 'colour', 'an unknown parameter is named, not applied');
      assertOutcome(await kickOff(t(), '/$export?colour=blue', who, { prefer: 'respond-async, handling=strict' }), 400, /colour/);
      assertOutcome(await kickOff(t(), '/$export', who, { accept: 'text/html' }), 406);
    });

    test('_since: only what changed at or after it', async () => {
      const who = { token: admin.token, organizationId: org };
      const first = await kickOff(t(), '/$export', who);
      const since = (await runToEnd(t(), String(first.headers['content-location']), admin.token)).body.transactionTime;
      await new Promise((resolve) => setTimeout(resolve, 5));
      ok(await t().call('patients', 'update', { id: patientIds[3], organizationId: org, name: 'Patient Three Renamed' }, { token: admin.token }));
      const added = ok(await t().call('patients', 'create', { organizationId: org, name: 'Newcomer' }, { token: admin.token })).item;
      patientIds.push(added.id);

      const changed = await kickOff(t(), `/$export?_since=${encodeURIComponent(since)}`, who);
      const manifest = (await runToEnd(t(), String(changed.headers['content-location']), admin.token)).body;
      assert.deepEqual(manifest.output.map((o: Json) => o.type), ['Patient', 'AuditEvent'], 'nothing else changed but the audit trail');
      const { Patient: patients, AuditEvent: audited } = await filesOf(t(), manifest, admin.token);
      assert.ok(audited!.every((event) => Date.parse(event.recorded) >= Date.parse(since)));
      assert.deepEqual(['patients.update', 'patients.create'].filter((op) => audited!.some((event) => event.subtype[0].code === op)), ['patients.update', 'patients.create']);
      assert.deepEqual(patients!.map((p) => p.id).sort(), [patientIds[3], added.id].sort());
      assert.equal(patients!.find((p) => p.id === patientIds[3]).name[0].text, 'Patient Three Renamed');
    });

    test('cancel: 202, its files removed, its status 404 after; a finished export is removed the same way', async () => {
      const who = { token: admin.token, organizationId: org };
      const started = await kickOff(t(), '/$export', who);
      const statusUrl = String(started.headers['content-location']);
      const exportId = statusUrl.split('/').pop()!;
      await runJob(t(), { pageRows: 2, pagesPerRun: 1 });
      const pages = () => t().database.db.selectFrom('fhirBulkExportPages').select('seq').where('exportId', '=', exportId).execute();
      assert.equal((await pages()).length, 1, 'one page written');
      assertOutcome(await http(t(), 'DELETE', statusUrl, { token: admin.token }), 202, /cancelled/);
      assertOutcome(await http(t(), 'GET', statusUrl, { token: admin.token }), 404);
      assert.equal((await pages()).length, 0);
      await runJob(t());
      assert.equal((await pages()).length, 0, 'the job writes nothing more of it');
      assertOutcome(await http(t(), 'DELETE', statusUrl, { token: admin.token }), 404);

      const finished = await kickOff(t(), '/$export?_type=Patient', who);
      const manifest = (await runToEnd(t(), String(finished.headers['content-location']), admin.token)).body;
      assert.equal((await http(t(), 'DELETE', String(finished.headers['content-location']), { token: admin.token })).status, 202);
      assertOutcome(await http(t(), 'GET', manifest.output[0].url, { token: admin.token }), 404);
    });

    test('a restart in the middle: the export goes on after the last page written, the same files as an export run in one go', async () => {
      // The audit trail grows with each kick-off: the two exports are compared on the records they do not change.
      const WITHOUT_AUDIT = TYPE_NAMES.filter((type) => type !== 'AuditEvent');
      const who = { token: admin.token, organizationId: org };
      // The first process: kicks off, writes one page of three patients, and dies holding its lease.
      const first = await createTestApp(t().dialect, { database: t().database, env: ENV });
      const started = await kickOff(first, `/$export?_type=${WITHOUT_AUDIT.join(',')}`, who);
      const statusUrl = String(started.headers['content-location']);
      const exportId = statusUrl.split('/').pop()!;
      await runJob(first, { pageRows: 3, pagesPerRun: 1 });
      const progress = await http(first, 'GET', statusUrl, { token: admin.token });
      assert.equal(progress.status, 202);
      assert.equal(progress.headers['x-progress'], `0 of ${WITHOUT_AUDIT.length} types written, 3 resources`);
      await t().database.db.updateTable('fhirBulkExports').set({ lockedUntil: clock.at + 5 * 60_000 }).where('id', '=', exportId).execute();
      await first.close();

      // Another process on the same database: the lease runs out, it takes the export up again.
      clock.at += 5 * 60_000;
      const resumed = await runToEnd(t(), statusUrl, admin.token);
      assert.equal(resumed.status, 200, resumed.text);
      const fresh = await kickOff(t(), `/$export?_type=${WITHOUT_AUDIT.join(',')}`, who);
      const once = await runToEnd(t(), String(fresh.headers['content-location']), admin.token);
      assert.deepEqual(resumed.body.output.map((o: Json) => [o.type, o.count]), once.body.output.map((o: Json) => [o.type, o.count]));
      const [a, b] = [await filesOf(t(), resumed.body, admin.token), await filesOf(t(), once.body, admin.token)];
      assert.deepEqual(a, b, 'the same resources in the same order: none twice, none lost');
      assert.deepEqual(Object.keys(a), ['Patient', 'Practitioner', 'PractitionerRole', 'Appointment', 'Encounter', 'Account']);
      assert.equal(a.Patient!.length, patientIds.length);
    });

    test('access: no token 401, a doctor 403, another organization 403/404, another admin 404; an expired export is gone', async () => {
      assertOutcome(await kickOff(t(), '/$export', { organizationId: org }), 401);
      assertOutcome(await kickOff(t(), '/$export', { token: doctor.token, organizationId: org }), 403);
      const outsider = await signIn(t(), { organizationId: orgId(), roles: ['admin'] });
      assertOutcome(await kickOff(t(), '/$export', { token: outsider.token, organizationId: org }), 403);

      const started = await kickOff(t(), '/$export?_type=Patient', { token: admin.token, organizationId: org });
      const statusUrl = String(started.headers['content-location']);
      const manifest = (await runToEnd(t(), statusUrl, admin.token)).body;
      const fileUrl = manifest.output[0].url;
      for (const url of [statusUrl, fileUrl]) {
        assertOutcome(await http(t(), 'GET', url), 401);
        assertOutcome(await http(t(), 'GET', url, { token: doctor.token }), 403);
        assertOutcome(await http(t(), 'GET', url, { token: outsider.token }), 404);
        const colleague = await signIn(t(), { organizationId: org, roles: ['admin'] });
        assertOutcome(await http(t(), 'GET', url, { token: colleague.token }), 404, /export not found/);
        assert.equal((await http(t(), 'GET', url, { token: admin.token, organizationId: org })).status, 200);
      }
      assertOutcome(await http(t(), 'DELETE', statusUrl, { token: outsider.token }), 404);

      const exportId = statusUrl.split('/').pop()!;
      await t().database.db.updateTable('fhirBulkExports').set({ expiresAt: Date.now() - 1 }).where('id', '=', exportId).execute();
      assertOutcome(await http(t(), 'GET', statusUrl, { token: admin.token }), 404);
      assertOutcome(await http(t(), 'GET', fileUrl, { token: admin.token }), 404);
      clock.at = Math.max(clock.at, Date.now());
      await runJob(t());
      const left = await t().database.db.selectFrom('fhirBulkExportPages').select('seq').where('exportId', '=', exportId).execute();
      assert.deepEqual(left, [], 'the job removes an expired export with its files');
      assert.ok(KEPT_MS >= 60 * 60_000);
    });

    test('at most 5 exports of an organization run at once: a sixth is 429 with Retry-After', async () => {
      const busy = orgId();
      const busyAdmin = await signIn(t(), { organizationId: busy, roles: ['admin'] });
      const who = { token: busyAdmin.token, organizationId: busy };
      for (let i = 0; i < MAX_RUNNING; i++) assert.equal((await kickOff(t(), '/$export', who)).status, 202);
      const refused = await kickOff(t(), '/$export', who);
      assertOutcome(refused, 429, /5 exports of this organization/);
      assert.equal(refused.headers['retry-after'], '60');
      assert.equal((await kickOff(t(), '/$export', { token: admin.token, organizationId: org })).status, 202, 'another organization is not held up');
    });

    test('a failing export is retried, then failed: its status a 500 OperationOutcome, its files removed', async () => {
      const started = await kickOff(t(), '/$export', { token: admin.token, organizationId: org });
      const statusUrl = String(started.headers['content-location']);
      const exportId = statusUrl.split('/').pop()!;
      // A type the server no longer exports (as after a downgrade): the first run writes Patient, then each fails on it.
      await t().database.db.updateTable('fhirBulkExports').set({ types: JSON.stringify(['Patient', 'Observation']) }).where('id', '=', exportId).execute();
      const failed = await runToEnd(t(), statusUrl, admin.token);
      assertOutcome(failed, 500, /failed after 3 attempts: Observation is no longer exported/);
      const row = await t().database.db.selectFrom('fhirBulkExports').select(['state', 'attempts']).where('id', '=', exportId).executeTakeFirstOrThrow();
      assert.deepEqual({ ...row, attempts: Number(row.attempts) }, { state: 'failed', attempts: 3 });
      const pages = await t().database.db.selectFrom('fhirBulkExportPages').select('seq').where('exportId', '=', exportId).execute();
      assert.deepEqual(pages, [], 'a failed export keeps no files');
    });
  },
  { env: ENV },
);
