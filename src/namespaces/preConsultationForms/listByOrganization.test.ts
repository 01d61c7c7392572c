import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { describeEachDialect, failsWith, ok } from '../../../test/harness.ts';
import { appointment, clinic, formInput, type Clinic } from './preConsultationForms.testkit.ts';

describeEachDialect('preConsultationForms.listByOrganization: an appointment the organization does not have is NOT_FOUND', (t) => {
  const call = (op: string, data: Record<string, unknown>, token?: string) => t().call('preConsultationForms', op, data, token ? { token } : {});
  let c: Clinic;
  let own: string;
  let othersAppointment: string;

  before(async () => {
    c = await clinic(t());
    own = await appointment(t(), c);
    othersAppointment = await appointment(t(), await clinic(t()));
    ok(await call('create', formInput(own)));
    ok(await call('create', formInput(await appointment(t(), c), { departmentName: 'ENT' })));
  });

  test('the appointment\'s forms; an unknown appointment or another organization\'s is NOT_FOUND, not an empty page', async () => {
    const listed = ok(await call('listByOrganization', { organizationId: c.org, appointmentId: own }, c.doctor.token));
    assert.deepEqual(listed.items.map((f: { appointmentId: string }) => f.appointmentId), [own]);
    for (const appointmentId of ['no-such-appointment', othersAppointment]) {
      const error = failsWith(await call('listByOrganization', { organizationId: c.org, appointmentId }, c.doctor.token), 'NOT_FOUND', 404);
      assert.equal(error.message, 'appointment not found');
    }
  });
});
