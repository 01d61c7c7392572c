import { newId } from '../../values/ids.ts';
import { signIn, type SignedIn } from '../../../test/builders.ts';
import { ok, type ApiResponse, type TestApp } from '../../../test/harness.ts';

/** Builders for the admissions, beds, admissionLogs and admissionCharges tests. */

export interface Hospital {
  organizationId: string;
  slug: string;
  team: string;
  doctor: SignedIn;
  receptionist: SignedIn;
  accountant: SignedIn;
  patientId: string;
  wardId: string;
  roomId: string;
}

type Data = Record<string, unknown>;

/** The record of a success envelope (asserting success). */
export const itemOf = (response: ApiResponse) => (ok(response) as { item: Data }).item;

export function kit(t: () => TestApp) {
  const call = (namespace: string, op: string, data: Data, token?: string) => t().call(namespace, op, data, token ? { token } : {});

  async function hospital(settings: Data = {}): Promise<Hospital> {
    const tag = newId().slice(-12).toLowerCase();
    const org = itemOf(await call('organizations', 'create', { name: `Hospital ${tag}`, slug: `h-${tag}`, type: 'hospital', idpTeamId: `team-${tag}`, settings }));
    const organizationId = org.id as string;
    const doctor = await signIn(t(), { organizationId, roles: ['doctor'] });
    const receptionist = await signIn(t(), { organizationId, roles: ['receptionist'] });
    const accountant = await signIn(t(), { organizationId, roles: ['accountant'] });
    const patientId = await patient(organizationId);
    const wardId = itemOf(await call('wards', 'create', { organizationId, name: 'General ward' })).id as string;
    const roomId = itemOf(await call('rooms', 'create', { organizationId, wardId, roomNumber: '101' })).id as string;
    return { organizationId, slug: org.slug as string, team: org.idpTeamId as string, doctor, receptionist, accountant, patientId, wardId, roomId };
  }

  async function patient(organizationId: string, name = 'Asha Rao'): Promise<string> {
    return itemOf(await call('patients', 'create', { organizationId, name, mobileNumber: '9876500001' })).id as string;
  }

  async function bed(h: Pick<Hospital, 'organizationId' | 'wardId' | 'roomId'>, data: Data = {}): Promise<string> {
    const bedNumber = newId().slice(-6);
    const created = await call('beds', 'create', { organizationId: h.organizationId, wardId: h.wardId, roomId: h.roomId, bedNumber, displayName: `Bed ${bedNumber}`, ...data });
    return itemOf(created).id as string;
  }

  const getBed = async (organizationId: string, id: string) => itemOf(await call('beds', 'getById', { organizationId, id }));
  const getAdmission = async (organizationId: string, id: string) => itemOf(await call('admissions', 'getById', { organizationId, id }));

  function admit(h: Hospital, data: Data = {}, token?: string) {
    return call('admissions', 'create', { organizationId: h.organizationId, patientId: h.patientId, admittingDoctorId: h.doctor.userId, admissionReason: 'Fever', ...data }, token);
  }

  const update = (h: Hospital, id: string, data: Data, token?: string) => call('admissions', 'update', { organizationId: h.organizationId, id, ...data }, token);

  const logs = async (admissionId: string) => (ok(await call('admissions', 'getAdmissionLogs', { admissionId })) as { items: Data[] }).items;
  const events = async (admissionId: string) => (await logs(admissionId)).map((l) => l.event);

  async function service(organizationId: string, data: Data = {}): Promise<string> {
    return itemOf(await call('services', 'create', { organizationId, name: 'Service', category: 'procedure', price: 100, ...data })).id as string;
  }

  /** Applies a charge of `price` (no tax) to the admission, as the receptionist. */
  async function charge(h: Hospital, admissionId: string, price: number): Promise<Data> {
    const serviceId = await service(h.organizationId, { price, taxPercent: 0 });
    return itemOf(await call('admissionCharges', 'applyCharge', { idpTeamId: h.team, idpUserId: h.receptionist.idpUserId, serviceId, chargeType: 'procedure', admissionId }));
  }

  /** Records a payment against the admission (as the accountant unless a token is given). */
  const pay = (h: Hospital, admissionId: string, amount: number, token = h.accountant.token) =>
    call('admissions', 'recordPayment', { organizationId: h.organizationId, admissionId, amount, method: 'cash' }, token);

  return { call, hospital, patient, bed, getBed, getAdmission, admit, update, logs, events, service, charge, pay };
}
