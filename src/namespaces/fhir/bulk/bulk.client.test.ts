import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { MedplumClient } from '@medplum/core';
import { orgId, signIn, type SignedIn } from '../../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../../test/harness.ts';
import { JobRunner } from '../../../background/runner.ts';
import { createServices } from '../../../providers/index.ts';
import { assertValidFhir } from '../fhir-validator.testkit.ts';
import { bulkExportJob } from './bulk.job.ts';

/**
 * A FHIR client library from npm (@medplum/core's MedplumClient) runs Bulk Data export against the
 * service listening on a port, its job runner running: the POST kick-off with
 * `Prefer: respond-async`, polling the Content-Location until the manifest, and the downloads.
 */
describeEachDialect(
  'FHIR Bulk Data export by a FHIR client library (MedplumClient.bulkExport)',
  (t) => {
    const org = orgId();
    let admin: SignedIn;
    let runner: JobRunner;
    let base: string;
    const patients: string[] = [];
    before(async () => {
      admin = await signIn(t(), { organizationId: org, roles: ['admin'] });
      for (const name of ['Asha Rao', 'Meera Iyer', 'Ravi Kumar']) patients.push(ok(await t().call('patients', 'create', { organizationId: org, name }, { token: admin.token })).item.id);
      base = await t().app.listen({ port: 0, host: '127.0.0.1' });
      // The service's runner, looking often so that the test does not wait for it.
      runner = new JobRunner({ database: t().database, config: t().config, services: createServices(t().config, t().app.log), log: t().app.log, jobs: [{ ...bulkExportJob(), everyMs: 50 }], options: { pollMs: 20 } });
      runner.start();
    });
    after(async () => {
      await runner.stop();
    });

    test('kick-off, polling and the manifest by the library; every file downloaded is valid FHIR', async () => {
      const medplum = new MedplumClient({ baseUrl: `${base}/`, fhirUrlPath: 'fhir/R4', fetch: (url: string | URL | Request, init?: RequestInit) => fetch(url, init), defaultHeaders: { 'x-organization-id': org } });
      medplum.setAccessToken(admin.token);
      const manifest = await medplum.bulkExport('', 'Patient', undefined, { pollStatusOnAccepted: true, pollStatusPeriod: 50 });
      assert.equal(manifest.requiresAccessToken, true);
      assert.match(String(manifest.request), /\/fhir\/R4\/\$export\?_type=Patient$/);
      assert.deepEqual(manifest.output?.map((o: { type?: string; count?: number }) => [o.type, o.count]), [['Patient', patients.length]]);
      const text = await (await medplum.download(manifest.output![0]!.url)).text();
      const resources = text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { resourceType: string; id: string });
      for (const resource of resources) assertValidFhir(resource);
      assert.deepEqual(resources.map((r) => r.id).sort(), [...patients].sort());

      const group = await medplum.bulkExport(`Group/${org}`, undefined, undefined, { pollStatusOnAccepted: true, pollStatusPeriod: 50 });
      assert.deepEqual(group.output?.map((o: { type?: string }) => o.type), ['Patient'], 'the organization\'s group: its patients (no appointments or admissions yet)');
    });
  },
  { env: { AUTH_MODE: 'required' } },
);
