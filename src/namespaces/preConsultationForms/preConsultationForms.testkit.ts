import type { TestApp } from '../../../test/harness.ts';
import { ok } from '../../../test/harness.ts';
import { addDays } from '../../time/zone.ts';
import { booking, clinic, type Clinic } from '../appointments/appointments.testkit.ts';

/** Builders for the preConsultationForms tests: a clinic (appointments testkit) and its appointments. */

export const FORM_FIELDS = ['answers', 'appointmentId', 'createdAt', 'departmentName', 'id', 'idpUserId', 'organizationId', 'status', 'submittedAt', 'updatedAt'];

let day = 0;

/** An appointment of the clinic, each on a day of its own (no double booking); `signed`: for the patient with a sign-in identity. */
export async function appointment(t: TestApp, c: Clinic, options: { signed?: boolean } = {}): Promise<string> {
  const data = booking(c, { scheduledDate: addDays('2030-06-01', ++day), ...(options.signed ? { patientId: c.signedPatient.id } : {}) });
  return (ok(await t.call('appointments', 'create', data)) as { item: { id: string } }).item.id;
}

/** The appointment's isPreConsultationCompleted as stored. */
export async function preConsultationFlag(t: TestApp, organizationId: string, appointmentId: string): Promise<boolean | null> {
  const data = ok(await t.call('appointments', 'getById', { id: appointmentId, organizationId })) as { item: { isPreConsultationCompleted: boolean | null } };
  return data.item.isPreConsultationCompleted;
}

/** preConsultationForms.create input for the appointment, overridable. */
export function formInput(appointmentId: string, data: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    appointmentId,
    idpUserId: 'idp-filler',
    departmentName: 'Cardiology',
    answers: { chestPain: true, since: '2 weeks', medications: ['aspirin'], vitals: { bp: '120/80', pulse: 72 } },
    status: 'draft',
    ...data,
  };
}

export { clinic, type Clinic };
