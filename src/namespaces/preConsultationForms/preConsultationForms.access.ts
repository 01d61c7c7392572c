import { ownIdentity, type Owner, type OwnerOf } from '../../operations/audience.ts';
import { callerId } from '../../caller/caller.ts';
import { AppError, notFound, validationFailed } from '../../values/errors.ts';
import type { Context } from '../../operations/operation.ts';
import { appointmentPatient } from '../appointments/appointments.public.ts';
import { findAppointment, findForm, type AppointmentRef } from './preConsultationForms.repo.ts';

/**
 * Who reaches which forms (docs/labs-and-content.md, preConsultationForms). The dispatcher admits
 * the staff of the organization holding a role the table grants, and the form's patient: the
 * account linked to the appointment's patient record, or the idpUserId the form is for (the owners
 * below). What needs the record stays here: a patient fills in forms only as itself, moves them
 * only to its own appointments and lists only its own.
 */

/** create: the account linked to the patient of the appointment named (its organization's staff too). */
export const ownerOfAppointment: OwnerOf<{ appointmentId: string }> = async (input, ctx) => {
  const found = await appointmentPatient(ctx.db, input.appointmentId);
  if (!found) throw notFound('appointment');
  return { ...found, named: false };
};

/**
 * getById, update: the caller when it is the form's patient (either account), else the account the
 * form is for. A form not of the named organization has no owner: its staff pass and find nothing.
 */
export const ownerOfForm: OwnerOf<{ id: string; organizationId: string }> = async (input, ctx): Promise<Owner> => {
  const form = await findForm(ctx.db, input.organizationId, input.id);
  const patient = form && (await appointmentPatient(ctx.db, form.appointmentId, form.organizationId));
  const owners = [form?.idpUserId, patient?.idpUserId].filter((o): o is string => typeof o === 'string');
  const me = callerId(ctx.caller);
  return { idpUserId: me !== null && owners.includes(me) ? me : (owners[0] ?? null), organizationId: input.organizationId, named: true };
};

/** listByOrganization: every account lists its own forms of the organization named (staff all of them). */
export const callerAsOwner: OwnerOf<{ organizationId: string }> = (input, ctx) => ownIdentity(callerId(ctx.caller), input.organizationId);

/** The caller's identity when it was admitted as a patient acting for itself, not as staff. */
export function actingPatient(ctx: Context): string | undefined {
  return ctx.asOwner ? (callerId(ctx.caller) ?? undefined) : undefined;
}

/** A patient fills in forms only as itself (FORBIDDEN otherwise). */
export function assertFilledInBySelf(patient: string | undefined, idpUserId: string): void {
  if (patient !== undefined && patient !== idpUserId) throw new AppError('FORBIDDEN', "these are another person's records");
}

/**
 * The appointment of the organization a form is for: NOT_FOUND when there is none (create), or
 * VALIDATION_FAILED on `path` (update moving a form to another appointment).
 */
export async function appointmentOf(ctx: Context, organizationId: string, appointmentId: string, path?: string): Promise<AppointmentRef> {
  const appointment = await findAppointment(ctx.db, ctx.dialect, organizationId, appointmentId);
  if (appointment) return appointment;
  throw path ? validationFailed(path, 'no such appointment in this organization') : notFound('appointment');
}

/** A patient moves forms only to appointments of its own patient record (FORBIDDEN otherwise). */
export async function assertOwnAppointment(ctx: Context, patient: string | undefined, appointment: AppointmentRef): Promise<void> {
  if (patient === undefined) return;
  const found = await appointmentPatient(ctx.db, appointment.id, appointment.organizationId);
  if (found?.idpUserId !== patient) throw new AppError('FORBIDDEN', "this is another patient's appointment");
}
