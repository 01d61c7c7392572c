import { orgId, signIn, type SignedIn } from '../../../test/builders.ts';
import { ok, type ApiResponse, type TestApp } from '../../../test/harness.ts';

/** Builders for the appointments tests: an organization with a doctor and patients. */

export interface Clinic {
  org: string;
  doctor: SignedIn;
  /** a patient record without a sign-in identity */
  patient: string;
  /** a patient record with its own idpUserId */
  signedPatient: { id: string; idpUserId: string };
}

const idOf = (data: unknown) => (data as { item: { id: string } }).item.id;

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** An organization record (for settings and time zone); otherwise a bare organization id is used. */
export async function organization(t: TestApp, data: Record<string, unknown> = {}): Promise<string> {
  const response = await t.call('organizations', 'create', { name: 'Clinic', slug: `c-${unique()}`, type: 'clinic', ...data });
  return idOf(ok(response));
}

export async function patient(t: TestApp, org: string, data: Record<string, unknown> = {}): Promise<string> {
  return idOf(ok(await t.call('patients', 'create', { organizationId: org, name: 'Asha Rao', ...data })));
}

export async function doctor(t: TestApp, org: string): Promise<SignedIn> {
  return signIn(t, { organizationId: org, roles: ['doctor'] });
}

export async function clinic(t: TestApp, options: { org?: string } = {}): Promise<Clinic> {
  const org = options.org ?? orgId();
  const idpUserId = `patient-${unique()}`;
  return {
    org,
    doctor: await doctor(t, org),
    patient: await patient(t, org, { name: 'Asha Rao', mobileNumber: '+91 98000 00001' }),
    signedPatient: { id: await patient(t, org, { name: 'Ravi Kumar', idpUserId }), idpUserId },
  };
}

/** The body of an appointments.create for the clinic, overridable. */
export function booking(c: Clinic, data: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    organizationId: c.org,
    patientId: c.patient,
    doctorId: c.doctor.userId,
    scheduledDate: '2030-03-01',
    scheduledTime: '10:00',
    duration: 30,
    type: 'consultation',
    ...data,
  };
}

export function appointments(t: TestApp) {
  return (apiName: string, data: Record<string, unknown>, token?: string): Promise<ApiResponse> =>
    t.call('appointments', apiName, data, token ? { token } : {});
}

/**
 * The clock of the suites that take visits through their steps: later than every date they book
 * (2030 to 2033). Checking in, starting and completing are refused before a visit's day, a no-show
 * before its time (appointments.timing.ts; the steps on and before the day: timing.test.ts).
 */
export const AFTER_THE_VISITS = Date.UTC(2034, 0, 15, 9, 0);

/** Every field of an appointment item, in alphabetical order. */
export const ITEM_FIELDS = [
  'amountPaid', 'callJoinNotifiedAt', 'cancelledAt', 'cancelledReason', 'checkoutSessionId', 'consultationFee', 'createdAt', 'doctorId',
  'duration', 'followUpDate', 'followUpNotificationSent', 'followUpStatus', 'gateway', 'gatewayOrderId', 'gatewayPaymentId', 'history',
  'holdExpiresAt', 'id', 'isPreConsultationCompleted', 'notes', 'organizationBranchId', 'organizationId', 'paidAt', 'patientId',
  'patientJoinedAt', 'paymentMethod', 'paymentStatus', 'reason', 'rescheduleReason', 'scheduledDate', 'scheduledTime', 'seriesId',
  'serviceId', 'status', 'type', 'updatedAt',
];

const MOVE_OPERATIONS: Record<string, string> = { checked_in: 'checkIn', in_consultation: 'start', completed: 'complete', cancelled: 'cancel', no_show: 'markNoShow' };

/**
 * Books an appointment (appointments.create with `data`) and moves it to `status` by the workflow
 * operation that makes that move: create starts a visit only as pending, scheduled or confirmed.
 */
export async function bookAt(t: TestApp, data: Record<string, unknown>, status: string, token?: string): Promise<Record<string, unknown> & { id: string }> {
  const options = token ? { token } : {};
  const item = (ok(await t.call('appointments', 'create', data, options)) as { item: Record<string, unknown> & { id: string } }).item;
  const operation = MOVE_OPERATIONS[status];
  if (!operation) throw new Error(`bookAt: ${status} is not reached by a workflow operation`);
  const move = { id: item.id, organizationId: data.organizationId, reason: `test: ${status}` };
  return (ok(await t.call('appointments', operation, move, options)) as { item: Record<string, unknown> & { id: string } }).item;
}
