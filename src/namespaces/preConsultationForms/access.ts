import type { Caller } from '../../auth/caller.ts';
import { assertOwn } from '../../auth/ownership.ts';
import { AppError, notFound, validationFailed } from '../../rpc/errors.ts';
import type { Context } from '../../rpc/operation.ts';
import { assertReachable } from '../appointments/references.ts';
import { findAppointment, organizationOfAppointment, patientIdentityOf, type AppointmentRef, type FormRecord } from './preConsultationForms.repo.ts';

/**
 * Who reaches which forms (docs/labs-and-content.md, preConsultationForms). Staff are kept to
 * their organizations by the dispatcher's tenancy guard; platform admins and anonymous callers of
 * the optional mode are not limited here. A token without user records is a patient's own
 * account: it writes forms only for itself, for appointments of its own patient record, and
 * reaches only the forms it filled in or that belong to its own appointments.
 */

/** The idpUserId of a patient's own account (a token without user records), else undefined. */
export function personalId(caller: Caller): string | undefined {
  return caller.kind === 'user' && !caller.isPlatformAdmin && caller.memberships.length === 0 ? caller.idpUserId : undefined;
}

/**
 * create names no organization: it is the appointment's. An unknown appointment is NOT_FOUND, and
 * so is one of another organization for a caller bound to others (its existence is not revealed).
 */
export async function organizationOfCreate(ctx: Context, appointmentId: string): Promise<string> {
  const organizationId = await organizationOfAppointment(ctx.db, appointmentId);
  if (!organizationId) throw notFound('appointment');
  assertReachable(ctx, organizationId, 'appointment');
  return organizationId;
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

/** A patient's own account fills in forms only as itself (FORBIDDEN otherwise). */
export function assertFilledInBySelf(ctx: Context, idpUserId: string): void {
  if (personalId(ctx.caller)) assertOwn(ctx.caller, idpUserId);
}

/** A patient's own account writes forms only for appointments of its own patient record (FORBIDDEN otherwise). */
export async function assertOwnAppointment(ctx: Context, appointment: AppointmentRef): Promise<void> {
  const me = personalId(ctx.caller);
  if (!me) return;
  if ((await patientIdentityOf(ctx.db, appointment)) !== me) throw new AppError('FORBIDDEN', "this is another patient's appointment");
}

/** A patient's own account reaches a form it filled in or one of its own appointments; any other is NOT_FOUND. */
export async function assertReachableForm(ctx: Context, form: FormRecord): Promise<void> {
  const me = personalId(ctx.caller);
  if (!me || form.idpUserId === me) return;
  const appointment = await findAppointment(ctx.db, ctx.dialect, form.organizationId, form.appointmentId);
  if (appointment && (await patientIdentityOf(ctx.db, appointment)) === me) return;
  throw notFound('pre-consultation form');
}
