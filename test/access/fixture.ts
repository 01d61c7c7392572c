import { newId } from '../../src/values/ids.ts';
import { signIn, type SignedIn } from '../builders.ts';
import { ok, type TestApp } from '../harness.ts';

/**
 * One organization with one record of each of its main tables, made through the API by a platform
 * admin, for the access matrix: the ids an operation's input may name.
 */
export interface Seeded {
  organizationId: string;
  slug: string;
  idpTeamId: string;
  /** a doctor of the organization (doctorId, admittingDoctorId ...) */
  doctor: SignedIn;
  /** a staff member whose records the user operations name (id, idpUserId) */
  clerk: SignedIn;
  /** the person whose prescription request the pharmacy holds (the marketplace's patientId) */
  person: string;
  /** the record of each namespace an operation's `id` names */
  records: Record<string, string>;
  /** record ids by the input key that names them (patientId, admissionId ...) */
  ids: Record<string, string>;
}

type Data = Record<string, unknown>;

export async function seedOrganization(t: TestApp, token: string, name: string): Promise<Seeded> {
  const call = async (namespace: string, apiName: string, data: Data): Promise<Data & { id: string }> =>
    (ok(await t.call(namespace, apiName, data, { token })) as { item: Data & { id: string } }).item;
  const tag = newId().slice(-10).toLowerCase();
  const org = await call('organizations', 'create', { name, slug: `m-${tag}`, type: 'pharmacy', idpTeamId: `team-${tag}`, latitude: 10, longitude: 10 });
  const organizationId = org.id;
  const inOrg = (data: Data) => ({ organizationId, ...data });
  const doctor = await signIn(t, { organizationId, roles: ['doctor'] });
  const clerk = await signIn(t, { organizationId, roles: ['staff'] });

  const patient = await call('patients', 'create', inOrg({ name: 'Asha Rao', mobileNumber: '9876500001' }));
  const ward = await call('wards', 'create', inOrg({ name: 'General ward' }));
  const room = await call('rooms', 'create', inOrg({ wardId: ward.id, roomNumber: '101' }));
  const bed = await call('beds', 'create', inOrg({ wardId: ward.id, roomId: room.id, bedNumber: 'B1', displayName: 'Bed 1' }));
  const service = await call('services', 'create', inOrg({ name: 'Dressing', category: 'procedure', price: 100 }));
  const appointment = await call('appointments', 'create', inOrg({
    patientId: patient.id, doctorId: doctor.userId, scheduledDate: '2030-03-01', scheduledTime: '10:00', duration: 30, type: 'consultation',
  }));
  const admission = await call('admissions', 'create', inOrg({ patientId: patient.id, admittingDoctorId: doctor.userId, admissionReason: 'Fever', status: 'ADMITTED' }));
  const admissionLog = await call('admissionLogs', 'create', inOrg({
    admissionId: admission.id, patientId: patient.id, event: 'note', performedByUserId: doctor.userId, performedByRole: 'doctor',
  }));
  const charge = await call('admissionCharges', 'applyCharge', {
    idpTeamId: org.idpTeamId, idpUserId: doctor.idpUserId, serviceId: service.id, chargeType: 'procedure', admissionId: admission.id,
  });
  const labOrder = await call('labOrders', 'create', inOrg({
    patientId: patient.id, status: 'ordered', priority: 'routine', tests: [{ name: 'Complete blood count', code: 'CBC', price: 350 }],
  }));
  const labResultFile = await call('labResultFiles', 'create', { labOrderId: labOrder.id, fileId: 'f1', fileName: 'cbc.pdf', fileSize: 10, mimeType: 'application/pdf' });
  const supplier = await call('suppliers', 'create', inOrg({ name: 'Medi Supplies' }));
  const item = await call('inventoryItems', 'create', inOrg({ module: 'pharmacy', itemName: 'Dolo 650', genericName: 'Paracetamol', mrp: 30, onlinePrice: 28, quantity: 40 }));
  const notification = await call('notifications', 'create', inOrg({
    recipientIdpUserId: clerk.idpUserId, recipientRole: 'staff', type: 'info', title: 'Hello', message: 'Hello',
  }));
  const tokenCounter = await call('tokenCounters', 'create', inOrg({ date: '2030-01-15', prefix: 'A', lastSequence: 0 }));
  const education = await call('doctorEducation', 'create', inOrg({ doctorId: doctor.userId, degree: 'MBBS' }));
  const form = await call('preConsultationForms', 'create', { appointmentId: appointment.id, idpUserId: clerk.idpUserId, departmentName: 'General', answers: {}, status: 'draft' });
  const saloonMember = await call('saloonMembers', 'create', inOrg({ locationId: 'loc_1', idpUserId: clerk.idpUserId }));
  const attendance = await call('hrmAttendance', 'create', inOrg({ employeeId: clerk.userId, attendanceDate: '2030-01-15', status: 'present' }));
  const payout = await call('superAdminPayouts', 'create', inOrg({
    grossAmount: 100, commissionPercent: 10, commissionAmount: 10, gatewayCharge: 0, payoutCharge: 0, netPayout: 90, status: 'REQUESTED',
  }));
  const pushDevice = await call('pushDevices', 'create', { idpUserId: clerk.idpUserId, platform: 'android', providerPushToken: `ExponentPushToken[${tag}]` });
  const sleepLog = await call('sleepLogs', 'logSleep', { idpUserId: clerk.idpUserId, date: '2030-01-15', hoursSlept: 7 });

  const person = clerk.idpUserId;
  const request = await call('prescriptionMarketplace', 'uploadPrescription', {
    patientId: person, uploadedFileUrl: 'https://files.example.test/rx.jpg', organizationId, items: [{ medicineName: 'Paracetamol', quantity: 10 }],
  });
  const broadcast = await t.database.db.selectFrom('prescriptionBroadcasts').select('id').where('prescriptionRequestId', '=', request.id).executeTakeFirstOrThrow();
  const quote = await call('prescriptionMarketplace', 'saveDraftQuote', inOrg({ broadcastId: broadcast.id, items: [{ productId: item.id, quantity: 1 }] }));

  const records: Record<string, string> = {
    organizations: organizationId,
    users: clerk.userId,
    patients: patient.id,
    wards: ward.id,
    rooms: room.id,
    beds: bed.id,
    services: service.id,
    appointments: appointment.id,
    admissions: admission.id,
    admissionLogs: admissionLog.id,
    admissionCharges: charge.id,
    labOrders: labOrder.id,
    labResultFiles: labResultFile.id,
    suppliers: supplier.id,
    inventoryItems: item.id,
    notifications: notification.id,
    tokenCounters: tokenCounter.id,
    doctorEducation: education.id,
    preConsultationForms: form.id,
    saloonMembers: saloonMember.id,
    hrmAttendance: attendance.id,
    superAdminPayouts: payout.id,
    pushDevices: pushDevice.id,
  };
  const ids: Record<string, string> = {
    organizationId,
    idpTeamId: org.idpTeamId as string,
    organizationSlug: org.slug as string,
    slug: org.slug as string,
    patientId: patient.id,
    wardId: ward.id,
    roomId: room.id,
    bedId: bed.id,
    serviceId: service.id,
    bedTypeServiceId: service.id,
    appointmentId: appointment.id,
    admissionId: admission.id,
    chargeId: charge.id,
    labOrderId: labOrder.id,
    supplierId: supplier.id,
    inventoryItemId: item.id,
    productId: item.id,
    doctorId: doctor.userId,
    doctorUserId: doctor.userId,
    admittingDoctorId: doctor.userId,
    employeeId: clerk.userId,
    userId: clerk.userId,
    idpUserId: clerk.idpUserId,
    recipientIdpUserId: clerk.idpUserId,
    prescriptionRequestId: request.id,
    broadcastId: broadcast.id,
    quoteId: quote.id,
    logId: sleepLog.id,
  };
  return { organizationId, slug: org.slug as string, idpTeamId: org.idpTeamId as string, doctor, clerk, person, records, ids };
}

/**
 * Input keys that name the one acting, which a handler requires to be the caller itself: who
 * applies a charge (its identity id), the doctor whose time is reserved (its users record id).
 */
const ACTOR_KEYS: Record<string, { key: string; of: 'idpUserId' | 'userId' | 'role' }[]> = {
  admissionCharges: [{ key: 'idpUserId', of: 'idpUserId' }],
  appointments: [{ key: 'doctorId', of: 'userId' }],
  admissionLogs: [
    { key: 'performedByUserId', of: 'userId' },
    { key: 'performedByRole', of: 'role' },
  ],
};

/** Input keys left out: setting them is a right of its own (linking a patient record to an account: linkAccount's roles). */
const LEFT_OUT: Record<string, string> = { patients: 'idpUserId' };

/**
 * The record an input key names in the seeded organization (`id`: the record of the operation's
 * namespace); the acting identity is the caller's own.
 */
export function idsOf(seeded: Seeded, caller?: { idpUserId: string; userId: string; role?: string }) {
  return (key: string, namespace: string): string | null | undefined => {
    if (LEFT_OUT[namespace] === key) return null;
    const actor = ACTOR_KEYS[namespace]?.find((a) => a.key === key);
    if (caller && actor) return caller[actor.of] ?? 'admin';
    if (key === 'id') return seeded.records[namespace];
    // The marketplace's patient is a person (identity id), not a patients record.
    if (key === 'patientId' && namespace === 'prescriptionMarketplace') return seeded.person;
    return seeded.ids[key];
  };
}

/**
 * The ids of the seeded organization's records that a response must not carry to an outsider. Not
 * the organization's own id and slug: its public fields may be listed to anyone (docs/contract.md, "Audiences and roles").
 */
/** What the public directory may never show of the seeded organization: identity ids (emails hold them too) and its team. */
export function identityIds(seeded: Seeded): string[] {
  return [seeded.doctor.idpUserId, seeded.clerk.idpUserId, seeded.idpTeamId];
}

export function secretIds(seeded: Seeded): string[] {
  const all = [...Object.values(seeded.records), ...Object.values(seeded.ids), seeded.doctor.idpUserId, seeded.clerk.idpUserId];
  return [...new Set(all)].filter((id) => id !== seeded.organizationId && id !== seeded.slug);
}
