import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { describeEachDialect, failsWith, ok } from '../../test/harness.ts';
import { kit, type Hospital } from '../namespaces/admissions/admissions.testkit.ts';

type Data = Record<string, unknown>;

/**
 * The generated lists' filters that name another record (ResourceSpec.listReferences): an id the
 * organization has no record of, or another organization's, is NOT_FOUND naming what; one of its
 * own lists (docs/contract.md, "Referenced records").
 */
describeEachDialect('a generated list filtered by a record the organization does not have', (t) => {
  const k = kit(t);
  let own: Hospital;
  let other: Hospital;
  let ids: { own: Data; other: Data };

  const recordsOf = async (h: Hospital) => {
    const serviceId = await k.service(h.organizationId, { category: 'bed' });
    const admissionId = (ok(await k.admit(h)) as { item: { id: string } }).item.id;
    return { wardId: h.wardId, roomId: h.roomId, serviceId, bedTypeServiceId: serviceId, doctorId: h.doctor.userId, admissionId };
  };

  before(async () => {
    own = await k.hospital();
    other = await k.hospital();
    ids = { own: await recordsOf(own), other: await recordsOf(other) };
  });

  const cases: [namespace: string, filter: string, noun: string][] = [
    ['rooms', 'wardId', 'ward'],
    ['rooms', 'bedTypeServiceId', 'service'],
    ['beds', 'wardId', 'ward'],
    ['beds', 'roomId', 'room'],
    ['practitionerSchedules', 'doctorId', 'doctor'],
    ['practitionerSchedules', 'serviceId', 'service'],
    ['services', 'doctorId', 'doctor'],
    ['admissionLogs', 'admissionId', 'admission'],
  ];

  for (const [namespace, filter, noun] of cases) {
    test(`${namespace}.listByOrganization ${filter}: unknown or another organization's is NOT_FOUND, its own lists`, async () => {
      const list = (value: unknown) => k.call(namespace, 'listByOrganization', { organizationId: own.organizationId, [filter]: value });
      for (const value of ['no-such-record', ids.other[filter]]) {
        assert.equal(failsWith(await list(value), 'NOT_FOUND', 404).message, `${noun} not found`);
      }
      assert.ok(Array.isArray(ok(await list(ids.own[filter])).items));
      assert.ok(Array.isArray(ok(await list(null)).items), 'null: no filter');
    });
  }

  test('a receptionist is not a doctor: filtering schedules by one is NOT_FOUND', async () => {
    const answer = await k.call('practitionerSchedules', 'listByOrganization', { organizationId: own.organizationId, doctorId: own.receptionist.userId });
    assert.equal(failsWith(answer, 'NOT_FOUND', 404).message, 'doctor not found');
  });
});
