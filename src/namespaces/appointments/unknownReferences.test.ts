import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { orgId, signIn } from '../../../test/builders.ts';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { schedule, schedules } from '../practitionerSchedules/practitionerSchedules.testkit.ts';
import { appointments, clinic, organization, type Clinic } from './appointments.testkit.ts';

const NOW = Date.UTC(2030, 0, 15, 9, 0);

/** Reads that name a record answer NOT_FOUND for one the organization does not have, never an empty list (issue 26). */
describeEachDialect(
  'appointments reads naming an unknown organization, doctor, service or patient',
  (t) => {
    const call = (apiName: string, data: Record<string, unknown>, token?: string) => appointments(t())(apiName, data, token);
    let c: Clinic;
    let other: Clinic;
    let service: string;
    let othersService: string;
    const week = { dateFrom: '2030-03-04', dateTo: '2030-03-10' };
    const serviceOf = async (organizationId: string) =>
      (ok(await t().call('services', 'create', { organizationId, name: 'Consultation', category: 'consultation', price: 500 })) as { item: { id: string } }).item.id;

    before(async () => {
      c = await clinic(t(), { org: await organization(t()) });
      other = await clinic(t(), { org: await organization(t()) });
      service = await serviceOf(c.org);
      othersService = await serviceOf(other.org);
      ok(await schedules(t())('create', schedule(c.org, c.doctor.userId, { serviceId: service })));
    });

    test('findSlots: a known doctor or service with a schedule has slots', async () => {
      assert.ok(ok(await call('findSlots', { organizationId: c.org, doctorId: c.doctor.userId, ...week })).items.length > 0);
      assert.ok(ok(await call('findSlots', { organizationId: c.org, serviceId: service, ...week })).items.length > 0);
      const unscheduled = await signIn(t(), { organizationId: c.org, roles: ['doctor'] });
      assert.deepEqual(ok(await call('findSlots', { organizationId: c.org, doctorId: unscheduled.userId, ...week })).items, [], 'a doctor without a schedule has no slots');
    });

    test('findSlots: an unknown organization, doctor or service, or another organization\'s, is NOT_FOUND', async () => {
      const receptionist = await signIn(t(), { organizationId: c.org, roles: ['receptionist'] });
      for (const [data, message] of [
        [{ organizationId: orgId(), doctorId: c.doctor.userId }, 'organization not found'],
        [{ organizationId: orgId(), serviceId: service }, 'organization not found'],
        [{ organizationId: c.org, doctorId: 'no-such-doctor' }, 'doctor not found'],
        [{ organizationId: c.org, doctorId: other.doctor.userId }, 'doctor not found'],
        [{ organizationId: c.org, doctorId: receptionist.userId }, 'doctor not found'],
        [{ organizationId: c.org, serviceId: 'no-such-service' }, 'service not found'],
        [{ organizationId: c.org, serviceId: othersService }, 'service not found'],
        [{ organizationId: c.org, doctorId: c.doctor.userId, serviceId: othersService }, 'service not found'],
      ] as const) {
        for (const token of [undefined, receptionist.token]) {
          assert.equal(failsWith(await call('findSlots', { ...data, ...week }, token), 'NOT_FOUND', 404).message, message);
        }
      }
    });

    test('listWaitlist: an unknown doctor or patient, or another organization\'s, is NOT_FOUND; known ones list', async () => {
      assert.deepEqual(ok(await call('listWaitlist', { organizationId: c.org, doctorId: c.doctor.userId, patientId: c.patient })).items, []);
      for (const [data, message] of [
        [{ doctorId: 'no-such-doctor' }, 'doctor not found'],
        [{ doctorId: other.doctor.userId }, 'doctor not found'],
        [{ patientId: 'no-such-patient' }, 'patient not found'],
        [{ patientId: other.patient }, 'patient not found'],
      ] as const) {
        assert.equal(failsWith(await call('listWaitlist', { organizationId: c.org, ...data }), 'NOT_FOUND', 404).message, message);
      }
    });
  },
  { services: { now: () => NOW } },
);
