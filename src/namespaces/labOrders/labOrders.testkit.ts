import { signIn } from '../../../test/builders.ts';
import { ok, type TestApp } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';

/** An organization's patient (with a sign-in identity unless `withIdentity` is false) and doctor, for lab order tests. */
export async function labSetup(t: TestApp, organizationId: string, options: { withIdentity?: boolean } = {}) {
  const patientIdpUserId = options.withIdentity === false ? null : `idp-patient-${newId()}`;
  const created = ok(await t.call('patients', 'create', { organizationId, name: 'Asha Rao', idpUserId: patientIdpUserId })) as { item: { id: string } };
  const patient = created.item;
  const doctor = await signIn(t, { organizationId, roles: ['doctor'] });
  return { organizationId, patientId: patient.id, patientIdpUserId, doctorId: doctor.userId, doctor };
}

/** labOrders.create input with two tests (CBC, Lipid profile), all ordered. */
export function orderInput(setup: { organizationId: string; patientId: string }, extra: Record<string, unknown> = {}) {
  return {
    organizationId: setup.organizationId,
    patientId: setup.patientId,
    status: 'ordered',
    priority: 'routine',
    tests: [
      { name: 'Complete blood count', code: 'CBC', price: 350.5, sampleType: 'blood' },
      { name: 'Lipid profile', code: 'LIPID', price: 800 },
    ],
    ...extra,
  };
}
