import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { createClient, HealthopsError, type HealthopsClient } from '../client/src/index.ts';
import { clientFiles } from '../scripts/generate-client.ts';
import { createTestApp, dialects, type TestApp } from './harness.ts';

test('the committed client is what npm run client generates from the operations', async () => {
  for (const [path, text] of Object.entries(await clientFiles())) {
    assert.ok(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8') === text, `${path} differs from the operations: run npm run client`);
  }
});

for (const dialect of dialects) {
  void describe(`the typed client against the running service [${dialect}]`, () => {
    let t: TestApp;
    let baseUrl: string;
    before(async () => {
      t = await createTestApp(dialect);
      baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(async () => {
      await t.close();
    });

    const signUp = async (anonymous: HealthopsClient, name: string) =>
      anonymous.auth.signUp({ email: `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'a good password' });

    test('sign up, an organization, a doctor, a patient, a booking; the clash is one HealthopsError with code, details and requestId', async () => {
      const anonymous = createClient({ baseUrl });
      const owner = await signUp(anonymous, 'owner');
      const client = createClient({ baseUrl, token: () => owner.accessToken });

      const organization = (await client.organizations.create({ name: 'Client Clinic', slug: `client-${Date.now()}`, type: 'clinic' })).item;
      assert.equal(organization.name, 'Client Clinic');
      const doctorAccount = await signUp(anonymous, 'doctor');
      const doctor = (await client.users.create({ idpUserId: doctorAccount.user.id, email: doctorAccount.user.email ?? 'doctor@example.com', role: 'doctor', organizationId: organization.id })).item;
      const patient = (await client.patients.create({ organizationId: organization.id, name: 'Asha Rao' })).item;
      const booking = { organizationId: organization.id, patientId: patient.id, doctorId: doctor.id, scheduledDate: '2030-05-06', scheduledTime: '09:30', duration: 30, type: 'consultation' };
      const { item } = await client.appointments.create(booking);
      assert.equal(item.doctorId, doctor.id);
      assert.equal(item.scheduledTime, '09:30');

      const other = (await client.patients.create({ organizationId: organization.id, name: 'Ravi Menon' })).item;
      const clash = await client.appointments.create({ ...booking, patientId: other.id }).then(
        () => assert.fail('the doctor was booked twice'),
        (error: unknown) => error,
      );
      assert.ok(clash instanceof HealthopsError);
      assert.equal(clash.code, 'CONFLICT');
      assert.equal(clash.status, 409);
      assert.equal(clash.details[0]?.recordId, item.id, 'the clash names the appointment in the way');
      assert.match(clash.requestId ?? '', /.+/);
    });

    test('a bad token and bad input are HealthopsErrors too; a service that cannot be reached is NETWORK', async () => {
      const stranger = createClient({ baseUrl, token: 'not a token' });
      await assert.rejects(stranger.organizations.create({ name: 'X', slug: 'x-client', type: 'clinic' }), (e: unknown) => e instanceof HealthopsError && e.code === 'UNAUTHENTICATED' && e.status === 401);
      const anonymous = createClient({ baseUrl });
      await assert.rejects(
        anonymous.auth.signUp({ email: 'not an email', password: 'a good password' }),
        (e: unknown) => e instanceof HealthopsError && e.code === 'VALIDATION_FAILED' && e.details.some((d) => d.path === 'email'),
      );
      const nowhere = createClient({ baseUrl: 'http://127.0.0.1:9', retries: 0 });
      await assert.rejects(nowhere.auth.signUp({ email: 'a@example.com', password: 'a good password' }), (e: unknown) => e instanceof HealthopsError && e.code === 'NETWORK');
    });
  });
}
