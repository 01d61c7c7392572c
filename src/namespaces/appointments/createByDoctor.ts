import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { serialiseOn } from '../../db/locks.ts';
import { validationFailed } from '../../values/errors.ts';
import { date, id, jsonObject } from '../../values/fields.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { normalizedEmail, phoneNumber } from '../auth/auth.public.ts';
import { findPatientByContact, type PatientRecord, asPatient, patients, presentLink } from '../patients/patients.public.ts';
import { book } from './appointments.booking.ts';
import { bookingFields, label, text } from './appointments.fields.ts';
import { patientOf } from './appointments.references.ts';
import { out } from '../../values/results.ts';
import { appointmentRecord } from './appointments.results.ts';

const patientDetails = () =>
  z.object({
    id: id().nullish(),
    patientName: z.string().trim().min(1, 'must not be empty').max(200).nullish(),
    dob: date().nullish(),
    gender: z.string().trim().max(32).nullish(),
    address: jsonObject().nullish(),
    mobileNumber: phoneNumber().nullish(),
    emailId: normalizedEmail().nullish(),
  });

type PatientDetails = z.output<ReturnType<typeof patientDetails>>;

/**
 * The patient the details name: by `id` (a patient of this organization), else the one with the
 * mobile number, else with the email (findPatientByContact), else a new patient registered from
 * the details (patientName needed then). An existing patient is used as stored, not updated.
 * Finding and registering is serialised per contact (src/db/locks.ts), so two bookings for the
 * same new patient at once register one patient, not two.
 */
async function resolvePatient(ctx: Context, organizationId: string, details: PatientDetails): Promise<{ patient: PatientRecord; created: boolean }> {
  if (details.id) return { patient: await patientOf(ctx.db, organizationId, details.id, 'patientDetails.id'), created: false };
  const contacts = [details.mobileNumber && `mobile:${details.mobileNumber}`, details.emailId && `email:${details.emailId}`].filter((c) => !!c);
  await serialiseOn(ctx.db, ctx.dialect, ...contacts.map((contact) => `patients:${organizationId}:${contact}`));
  const found = await findPatientByContact(ctx.db, organizationId, { mobileNumber: details.mobileNumber, email: details.emailId });
  if (found) return { patient: found, created: false };
  if (!details.patientName) throw validationFailed('patientDetails.patientName', 'is needed to register a new patient (no patient matches the mobile number or email)');
  const record = await patients.repo.build(ctx, {
    organizationId,
    name: details.patientName,
    dob: details.dob ?? null,
    gender: details.gender ?? null,
    mobileNumber: details.mobileNumber ?? null,
    email: details.emailId ?? null,
    address: details.address ?? null,
  });
  return { patient: asPatient(await patients.repo.insert(ctx.db, record)), created: true };
}

/** A doctor books for a patient given by details; the patient is found or registered in the same transaction. */
export const createByDoctor = defineOperation({
  namespace: 'appointments',
  name: 'createByDoctor', audience: member(),
  summary: 'Book for a patient found by id, mobile number or email, or registered from the details',
  writes: true,
  input: z.object({
    // What every booking names, but the patient (found from patientDetails) and the type (optional here).
    ...z.object(bookingFields()).omit({ patientId: true, type: true }).shape,
    patientDetails: patientDetails(),
    reason: text().nullish(),
    serviceId: id().nullish(),
    notes: text().nullish(),
    /** extension: the interface gives no type here */
    type: label().nullish(),
  }),
  output: z.object({ item: appointmentRecord, patient: patients.schemas.record, patientCreated: out.bool() }),
  async handler(ctx, input) {
    const { patient, created } = await resolvePatient(ctx, input.organizationId, input.patientDetails);
    const { reason, notes, type } = input;
    const item = await book(ctx, { ...input, patientId: patient.id, status: 'scheduled', details: { reason, notes, type } });
    // The patient as the patients operations answer it (a link asked for shown as such).
    return { item, patient: presentLink(patient, ctx.now()), patientCreated: created };
  },
});
