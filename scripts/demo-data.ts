import { addDays, leaveDay, SCHEDULES, scheduleInput, weekdayOf } from './demo-schedules.ts';

/**
 * A believable hospital, clinic and pharmacy for a development database, written through the API
 * itself (the envelope, validation and access rules all apply), so that a newcomer can explore
 * /docs with real records. `npm run demo` runs it (scripts/demo.ts).
 */

export interface DemoAnswer {
  status: number;
  body: { status: string; data?: unknown; error?: { code: string; message: string } };
}

/** One call of the API: the envelope, and the caller's token. */
export type DemoCall = (namespace: string, apiName: string, data: Record<string, unknown>, token?: string) => Promise<DemoAnswer>;

export interface DemoAccount {
  organization: string;
  role: string;
  email: string;
  password: string;
}

export interface DemoResult {
  accounts: DemoAccount[];
  organizations: { id: string; name: string; type: string }[];
  /** every doctor (its users record), each with a schedule */
  doctors: { userId: string; organizationId: string; email: string }[];
  counts: Record<string, number>;
  /** the billing documents issued, with a token of a member who may download each (scripts/demo.ts writes their PDFs) */
  documents: { organizationId: string; id: string; number: string; kind: string; token: string }[];
}

export const DEMO_PASSWORD = 'demo-password-2026';
/** A GSTIN of the published examples (its check character right), in Maharashtra ('27'). */
export const DEMO_GSTIN = '27AAPFU0939F1ZV';

const FIRST = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Priya', 'Kabir', 'Nisha', 'Vikram', 'Leela', 'Dev', 'Sara', 'Omar', 'Ines', 'Tomas', 'Yuki', 'Amara', 'Jonas', 'Elena', 'Farid', 'Mina'];
const LAST = ['Rao', 'Kumar', 'Iyer', 'Mehta', 'Shah', 'Nair', 'Gupta', 'Das', 'Fernandes', 'Khan'];
const TIMES = ['09:00', '09:30', '10:30', '11:30', '14:00', '15:00'];
const MEDICINES: [string, number, number][] = [
  ['Paracetamol 500 mg tablets', 400, 50],
  ['Amoxicillin 250 mg capsules', 120, 40],
  ['Metformin 500 mg tablets', 300, 60],
  ['Amlodipine 5 mg tablets', 200, 40],
  ['Salbutamol inhaler', 12, 15],
  ['Omeprazole 20 mg capsules', 150, 30],
  ['Cetirizine 10 mg tablets', 250, 30],
  ['Oral rehydration salts', 60, 20],
];

class DemoError extends Error {}

export interface DemoOptions {
  /** the organizations' today (in `timeZone`): the week of appointments and the schedules start on it */
  today: string;
  /** the organizations' time zone (organizations.timezone); absent: the service's */
  timeZone?: string;
  progress?: (done: number, total: number, what: string) => void;
  /** makes emails and slugs unique, for tests that fill one database more than once */
  tag?: string;
}

/** Fills the database; `progress(done, total, what)` is told after each step. */
export async function seedDemo(call: DemoCall, options: DemoOptions): Promise<DemoResult> {
  const tag = options.tag ?? '';
  const accounts: DemoAccount[] = [];
  const counts: Record<string, number> = {};
  const steps = 14;
  let done = 0;
  const step = (what: string) => options.progress?.(++done, steps, what);
  const count = (what: string, n = 1) => (counts[what] = (counts[what] ?? 0) + n);

  /** The call's data; most answers are one record (`item`), sign-up a session. */
  async function must<T = { item: { id: string } }>(namespace: string, apiName: string, data: Record<string, unknown>, token?: string): Promise<T> {
    const answer = await call(namespace, apiName, data, token);
    if (answer.status !== 200) throw new DemoError(`${namespace}.${apiName} answered ${answer.status}: ${JSON.stringify(answer.body.error ?? answer.body)}`);
    return answer.body.data as T;
  }
  async function account(organization: string, role: string, email: string) {
    const address = tag ? email.replace('@', `+${tag}@`) : email;
    const signedUp = await must<{ accessToken: string; user: { id: string } }>('auth', 'signUp', { email: address, password: DEMO_PASSWORD });
    accounts.push({ organization, role, email: address, password: DEMO_PASSWORD });
    count('accounts');
    return { idpUserId: signedUp.user.id, token: signedUp.accessToken, email: address };
  }
  async function organization(name: string, slug: string, type: string, adminEmail: string) {
    const admin = await account(name, 'admin', adminEmail);
    const org = await must('organizations', 'create', { name, slug: tag ? `${slug}-${tag}` : slug, type, timezone: options.timeZone }, admin.token);
    count('organizations');
    return { id: org.item.id , name, type, admin };
  }
  async function member(org: { id: string; name: string; admin: { token: string } }, role: string, email: string, displayName: string) {
    const person = await account(org.name, role, email);
    const user = await must('users', 'create', { idpUserId: person.idpUserId, email: person.email, role, organizationId: org.id, displayName }, org.admin.token);
    // An invitation until the person accepts it with their own token (docs/identity.md, "Invitations and consent").
    await must('users', 'acceptInvitation', { id: user.item.id }, person.token);
    count('staff');
    return { ...person, userId: user.item.id  };
  }

  const hospital = await organization('Riverside General Hospital', 'riverside-general', 'hospital', 'admin@riverside.demo');
  const clinic = await organization('Lakeview Family Clinic', 'lakeview-family', 'clinic', 'admin@lakeview.demo');
  const pharmacy = await organization('Green Cross Pharmacy', 'green-cross', 'pharmacy', 'admin@greencross.demo');
  step('organizations');

  const doctors = {
    hospital: [
      await member(hospital, 'doctor', 'dr.mehta@riverside.demo', 'Dr. Anil Mehta'),
      await member(hospital, 'doctor', 'dr.iyer@riverside.demo', 'Dr. Kavya Iyer'),
      await member(hospital, 'doctor', 'dr.fernandes@riverside.demo', 'Dr. Paul Fernandes'),
    ],
    clinic: [await member(clinic, 'doctor', 'dr.shah@lakeview.demo', 'Dr. Riya Shah'), await member(clinic, 'doctor', 'dr.khan@lakeview.demo', 'Dr. Imran Khan')],
  };
  await member(hospital, 'nurse', 'nurse.das@riverside.demo', 'Sunita Das');
  const frontDesk = await member(hospital, 'receptionist', 'front.desk@riverside.demo', 'Rohan Nair');
  const billing = await member(hospital, 'accountant', 'billing@riverside.demo', 'Farah Gupta');
  await member(clinic, 'receptionist', 'front.desk@lakeview.demo', 'Lina Rao');
  await member(pharmacy, 'pharmacist', 'pharmacist@greencross.demo', 'Omar Khan');
  step('staff');

  // Each doctor enters its own working hours (a doctor manages its schedule; docs/scheduling.md).
  const withSchedules = [...doctors.hospital.map((d) => ({ ...d, org: hospital })), ...doctors.clinic.map((d) => ({ ...d, org: clinic }))].map((d, i) => ({ ...d, schedule: SCHEDULES[i]! }));
  for (const d of withSchedules) {
    await must('practitionerSchedules', 'create', scheduleInput(d.schedule, d.org.id, d.userId, options.today), d.token);
    count('schedules');
  }
  step('schedules');

  async function patients(org: { id: string; admin: { token: string } }, n: number, offset: number) {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const first = FIRST[(i + offset) % FIRST.length]!;
      const last = LAST[(i * 3 + offset) % LAST.length]!;
      const year = 1950 + ((i * 7 + offset) % 60);
      const created = await must('patients', 'create', {
        organizationId: org.id,
        name: `${first} ${last}`,
        dob: `${year}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
        gender: i % 2 === 0 ? 'female' : 'male',
        mobileNumber: `+91 98${String(offset).padStart(2, '0')}${String(100000 + i).slice(-6)}`,
      }, org.admin.token);
      ids.push(created.item.id );
    }
    count('patients', n);
    return ids;
  }
  const hospitalPatients = await patients(hospital, 20, 0);
  const clinicPatients = await patients(clinic, 10, 7);
  step('patients');

  // A patient with an account of its own, linked to its clinic record (the `self` view).
  const own = await account(clinic.name, 'patient', 'patient@lakeview.demo');
  await must('patients', 'linkAccount', { id: clinicPatients[0], organizationId: clinic.id, idpUserId: own.idpUserId }, clinic.admin.token);
  // A link made by staff is a request the person accepts (docs/extensions.md): then the record is theirs.
  await must('patients', 'acceptLink', { id: clinicPatients[0] }, own.token);
  step('patient account');

  // A week of appointments from today: each doctor sees four patients a day, Monday to Friday,
  // within its working hours and not on its leave; today's are kept for the front desk below.
  const todays: { id: string; doctor: { token: string } }[] = [];
  async function week(org: { id: string; admin: { token: string } }, doctorList: typeof withSchedules, patientIds: string[]) {
    let booked = 0;
    for (let day = 0; day < 7; day++) {
      const date = addDays(options.today, day);
      const weekday = weekdayOf(date);
      if (weekday === 0 || weekday === 6) continue;
      for (const [d, doctor] of doctorList.entries()) {
        if (leaveDay(doctor.schedule, options.today) === date) continue;
        for (let slot = 0; slot < 4; slot++) {
          const patientId = patientIds[(day * 4 + slot + d * 7) % patientIds.length]!;
          const appointment = await must('appointments', 'create', {
            organizationId: org.id, patientId, doctorId: doctor.userId, scheduledDate: date, scheduledTime: TIMES[slot + (d % 2)], duration: 30,
            type: slot === 3 ? 'follow_up' : 'consultation', reason: slot === 3 ? 'Review of test results' : 'General consultation', consultationFee: 500,
          }, org.admin.token);
          if (day === 0 && slot < 2 && org.id === hospital.id) todays.push({ id: appointment.item.id, doctor });
          booked++;
        }
      }
    }
    count('appointments', booked);
  }
  await week(hospital, withSchedules.filter((d) => d.org === hospital), hospitalPatients);
  step('hospital appointments');
  await week(clinic, withSchedules.filter((d) => d.org === clinic), clinicPatients);
  step('clinic appointments');

  // Today at the hospital (a weekday): each doctor's first patient has been seen, the second is waiting.
  for (const [i, visit] of todays.entries()) {
    const at = { id: visit.id, organizationId: hospital.id };
    await must('appointments', 'checkIn', at, frontDesk.token);
    if (i % 2 === 1) continue;
    await must('appointments', 'start', at, visit.doctor.token);
    await must('appointments', 'complete', at, visit.doctor.token);
  }
  step("today's visits");

  // A ward with two rooms of beds; two patients admitted, one with an advance paid.
  const ward = await must('wards', 'create', { organizationId: hospital.id, name: 'General Ward A' }, hospital.admin.token);
  const beds: string[] = [];
  for (const roomNumber of ['A-101', 'A-102']) {
    const room = await must('rooms', 'create', { organizationId: hospital.id, wardId: ward.item.id, roomNumber }, hospital.admin.token);
    for (const n of [1, 2, 3]) {
      const bed = await must('beds', 'create', { organizationId: hospital.id, wardId: ward.item.id, roomId: room.item.id, bedNumber: `${roomNumber}-${n}`, displayName: `Bed ${n}, room ${roomNumber}` }, hospital.admin.token);
      beds.push(bed.item.id );
    }
  }
  count('beds', beds.length);
  step('wards and beds');
  let billed: { admissionId: string; paymentId: string } | undefined;
  for (const [i, reason] of ['Community-acquired pneumonia', 'Observation after a fall'].entries()) {
    const admission = await must('admissions', 'create', {
      organizationId: hospital.id, patientId: hospitalPatients[i], admittingDoctorId: doctors.hospital[i]!.userId, admissionReason: reason, status: 'REQUESTED', requestedAt: Date.now(),
    }, hospital.admin.token);
    await must('admissions', 'admit', { id: admission.item.id, organizationId: hospital.id, bedId: beds[i] }, hospital.admin.token);
    if (i === 0) {
      const paid = await must('admissions', 'recordPayment', { admissionId: admission.item.id, organizationId: hospital.id, amount: 5000, method: 'card', reference: 'ADV-0001' }, hospital.admin.token);
      billed = { admissionId: admission.item.id, paymentId: paid.item.id };
      // Charged by billing, naming the hospital by its id where the interface names a team (docs/contract.md).
      const bedDay = await must('services', 'create', { organizationId: hospital.id, name: 'General ward bed, per day', category: 'bed', price: 1500 }, hospital.admin.token);
      await must('admissionCharges', 'applyCharge', { idpTeamId: hospital.id, idpUserId: billing.idpUserId, serviceId: bedDay.item.id, chargeType: 'bed', quantity: 2, admissionId: admission.item.id }, billing.token);
      count('charges');
      const dressings = await must('services', 'create', { organizationId: hospital.id, name: 'Wound dressing kit', category: 'pharmacy', price: 450, taxPercent: 12, sacCode: '3005' }, hospital.admin.token);
      await must('admissionCharges', 'applyCharge', { idpTeamId: hospital.id, idpUserId: billing.idpUserId, serviceId: dressings.item.id, chargeType: 'pharmacy', quantity: 3, admissionId: admission.item.id }, billing.token);
      count('charges');
    }
    count('admissions');
  }
  step('admissions');

  // Billing (docs/billing.md): the hospital is registered for GST. It bills the first admission's
  // charges (an interim tax invoice, the advance counted as paid), gives a receipt for the advance,
  // and credits a dressing kit sent back; the clinic bills the consultation of the patient with an
  // account, who finds it with billing.listMyDocuments and downloads it.
  const documents: DemoResult['documents'] = [];
  const issued = (organizationId: string, token: string, document: { item: { id: string; number: string; kind: string } }) => {
    documents.push({ organizationId, id: document.item.id, number: document.item.number, kind: document.item.kind, token });
    count('billingDocuments');
    return document.item;
  };
  await must('organizations', 'update', {
    id: hospital.id,
    address: { line1: '12 River Road', city: 'Pune', state: 'Maharashtra', postalCode: '411001', country: 'India' },
    settings: { taxRegime: 'in_gst', gstin: DEMO_GSTIN, legalName: 'Riverside Health Services Pvt Ltd' },
  }, hospital.admin.token);
  if (billed) {
    const invoice = issued(hospital.id, billing.token, await must('billing', 'issueInvoice', { organizationId: hospital.id, admissionId: billed.admissionId }, billing.token));
    issued(hospital.id, billing.token, await must('billing', 'issueReceipt', { organizationId: hospital.id, paymentId: billed.paymentId }, billing.token));
    issued(hospital.id, billing.token, await must('billing', 'issueCreditNote', { organizationId: hospital.id, invoiceId: invoice.id, reason: 'One dressing kit returned unused', lines: [{ position: 1, quantity: 1 }] }, billing.token));
  }
  const clinicDoctor = doctors.clinic[0]!;
  const slots = await must<{ items: { date: string; time: string; duration: number }[] }>('appointments', 'findSlots', { organizationId: clinic.id, doctorId: clinicDoctor.userId, dateFrom: options.today, dateTo: addDays(options.today, 13) }, clinic.admin.token);
  const slot = slots.items[0];
  if (slot) {
    const visit = await must('appointments', 'create', {
      organizationId: clinic.id, patientId: clinicPatients[0], doctorId: clinicDoctor.userId, scheduledDate: slot.date, scheduledTime: slot.time, duration: slot.duration, type: 'consultation', reason: 'Persistent cough', consultationFee: 700,
    }, clinic.admin.token);
    count('appointments');
    issued(clinic.id, clinic.admin.token, await must('billing', 'issueInvoice', { organizationId: clinic.id, appointmentId: visit.item.id }, clinic.admin.token));
  }
  step('billing');

  // The pharmacy's stock, in batches with expiry dates; one item below its minimum.
  for (const [i, [itemName, quantity, minStock]] of MEDICINES.entries()) {
    const item = await must('inventoryItems', 'create', { organizationId: pharmacy.id, itemName, minStock, unitOfMeasure: 'units' }, pharmacy.admin.token);
    await must('inventoryItems', 'receiveStock', {
      organizationId: pharmacy.id, inventoryItemId: item.item.id, quantity, purchasePrice: 2 + i, batchNumber: `GC-${2026}-${String(i + 1).padStart(3, '0')}`, expiryDate: addDays(options.today, 60 + i * 45),
    }, pharmacy.admin.token);
    count('inventoryItems');
  }
  step('pharmacy stock');

  // A prescription the patient sends to the marketplace, addressed to the pharmacy.
  await must('prescriptionMarketplace', 'uploadPrescription', {
    patientId: own.idpUserId, uploadedFileUrl: 'https://files.example.com/demo/prescription-1.jpg', organizationId: pharmacy.id,
    items: [{ medicineName: 'Amoxicillin', strength: '250', strengthUnit: 'mg', medicineType: 'capsule', quantity: 15 }, { medicineName: 'Paracetamol', strength: '500', strengthUnit: 'mg', medicineType: 'tablet', quantity: 10 }],
  }, own.token);
  count('prescriptionRequests');
  step('marketplace request');
  step('done');
  return {
    accounts,
    organizations: [hospital, clinic, pharmacy].map(({ id, name, type }) => ({ id, name, type })),
    doctors: withSchedules.map((d) => ({ userId: d.userId, organizationId: d.org.id, email: d.email })),
    counts,
    documents,
  };
}
