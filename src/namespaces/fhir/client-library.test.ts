import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { ClientStorage, MedplumClient, MemoryStorage, OperationOutcomeError, type FetchLike } from '@medplum/core';
import { signIn } from '../../../test/builders.ts';
import { describeEachDialect, ok } from '../../../test/harness.ts';
import { clinic, organization, patient } from '../appointments/appointments.testkit.ts';
import { schedule, schedules } from '../practitionerSchedules/practitionerSchedules.testkit.ts';
import { assertValidFhir } from './fhir-validator.testkit.ts';
import type { Json } from './fhir-http.testkit.ts';

const NOW = Date.UTC(2030, 0, 15, 9, 0);

/**
 * A FHIR client library from npm (Medplum's MedplumClient, not written here) against the service
 * listening on a port: it reads, searches, books a Slot and meets the 409 of booking it again.
 */
describeEachDialect(
  'FHIR R4 through a client library (MedplumClient) against the live service',
  (t) => {
    let baseUrl: string;
    before(async () => {
      baseUrl = await t().app.listen({ port: 0, host: '127.0.0.1' });
    });

    /** A client whose requests carry the token and the organization (none: an anonymous one). */
    function client(headers: Record<string, string>): MedplumClient {
      const withHeaders: FetchLike = (url, options?: { headers?: ConstructorParameters<typeof Headers>[0] }) => {
        const merged = new Headers(options?.headers);
        for (const [name, value] of Object.entries(headers)) merged.set(name, value);
        return fetch(url, { ...options, headers: merged });
      };
      return new MedplumClient({ baseUrl, fhirUrlPath: 'fhir/R4', fetch: withHeaders, storage: new ClientStorage(new MemoryStorage()), cacheTime: 0, maxRetries: 0 });
    }

    test('read and search Patients, search Slots, book one with createResource, and the 409 of booking it again', async () => {
      const c = await clinic(t(), { org: await organization(t(), { timezone: 'Europe/Berlin' }) });
      const weeklyHours = [{ weekday: 1, startTime: '09:00', endTime: '12:00' }];
      const scheduleId: string = ok(await schedules(t())('create', schedule(c.org, c.doctor.userId, { slotMinutes: 60, weeklyHours }), c.doctor.token)).item.id;
      const ana = await patient(t(), c.org, { name: 'Ana Souza', dob: '1990-04-12', gender: 'female' });
      const desk = await signIn(t(), { organizationId: c.org, roles: ['receptionist'] });
      const medplum = client({ authorization: `Bearer ${desk.token}`, 'x-organization-id': c.org });

      const read = await medplum.readResource('Patient', ana);
      assertValidFhir(read);
      assert.deepEqual([read.id, read.name?.[0]?.text, read.birthDate, read.gender], [ana, 'Ana Souza', '1990-04-12', 'female']);
      const found: Json = await medplum.search('Patient', { name: 'ana' });
      assertValidFhir(found);
      assert.deepEqual(found.entry?.map((entry: Json) => entry.resource?.id), [ana]);

      // Free slots are public: a client without a token finds them too.
      const slotSearch = `schedule=Schedule/${scheduleId}&start=ge2030-03-04&start=le2030-03-04&status=free`;
      const slots: Json = await client({ 'x-organization-id': c.org }).search('Slot', slotSearch);
      assertValidFhir(slots);
      assert.deepEqual(slots.entry?.map((entry: Json) => entry.resource?.start), ['2030-03-04T08:00:00.000Z', '2030-03-04T09:00:00.000Z', '2030-03-04T10:00:00.000Z']);
      const slot = slots.entry[1].resource;

      const asked: Json = { resourceType: 'Appointment', status: 'booked', slot: [{ reference: `Slot/${slot.id}` }], participant: [{ actor: { reference: `Patient/${ana}` }, status: 'accepted' }] };
      const booked = await medplum.createResource(asked);
      assertValidFhir(booked);
      assert.deepEqual([booked.status, booked.start, booked.end], ['booked', slot.start, slot.end]);
      assert.equal(ok(await t().call('appointments', 'getById', { id: booked.id, organizationId: c.org }, { token: c.doctor.token })).item.patientId, ana);

      await assert.rejects(medplum.createResource(asked), (err: unknown) => {
        assert.ok(err instanceof OperationOutcomeError, String(err));
        assertValidFhir(err.outcome);
        assert.equal(err.outcome.issue[0]?.code, 'conflict');
        return true;
      });
      const left = await medplum.searchResources('Slot', slotSearch);
      for (const resource of left) assertValidFhir(resource);
      assert.deepEqual(left.map((resource) => resource.id), [slots.entry[0].resource.id, slots.entry[2].resource.id]);

      const created = await medplum.createResource({ resourceType: 'Patient', name: [{ given: ['Ravi'], family: 'Kumar' }], gender: 'male' });
      assertValidFhir(created);
      assert.deepEqual((await medplum.readResource('Patient', created.id)).name, [{ text: 'Ravi Kumar' }]);
    });
  },
  { services: { now: () => NOW } },
);
