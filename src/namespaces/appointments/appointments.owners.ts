import type { Owner, OwnerOf } from '../../operations/audience.ts';
import type { Db } from '../../db/database.ts';
import { findPatient } from '../patients/patients.public.ts';

/** Owners of the appointments' `self` operations: the account linked to the patient record concerned. */

/** The account linked to an appointment's patient and the appointment's organization; undefined: no such appointment (there). */
export async function appointmentPatient(db: Db, appointmentId: string, organizationId?: string): Promise<{ idpUserId: string | null; organizationId: string } | undefined> {
  let query = db
    .selectFrom('appointments')
    .leftJoin('patients', (join) => join.onRef('patients.id', '=', 'appointments.patientId').onRef('patients.organizationId', '=', 'appointments.organizationId'))
    .select(['appointments.organizationId', 'patients.idpUserId'])
    .where('appointments.id', '=', appointmentId);
  if (organizationId !== undefined) query = query.where('appointments.organizationId', '=', organizationId);
  const row = await query.executeTakeFirst();
  return row && { idpUserId: row.idpUserId ?? null, organizationId: row.organizationId };
}

/**
 * The input names the organization, so a refusal is FORBIDDEN. A record that is not the named
 * organization's has no owner: the organization's staff pass (and the handler answers as for any
 * missing record), everyone else is refused without learning whether it exists elsewhere.
 */
const inNamedOrganization = (organizationId: string, idpUserId: string | null | undefined): Owner => ({
  idpUserId: idpUserId ?? null,
  organizationId,
  named: true,
});

/** `self` owner for an operation keyed by an appointment id in `input[key]` and an organizationId. */
export function ownerByAppointment<K extends string>(key: K): OwnerOf<{ organizationId: string } & Record<K, string>> {
  return async (input, ctx) => {
    const found = await appointmentPatient(ctx.db, input[key], input.organizationId);
    return inNamedOrganization(input.organizationId, found?.idpUserId);
  };
}

/** `self` owner for a booking: the account linked to the patient record `input.patientId` of the named organization. */
export const ownerByBookedPatient: OwnerOf<{ organizationId: string; patientId: string }> = async (input, ctx) => {
  const patient = await findPatient(ctx.db, input.organizationId, input.patientId);
  return inNamedOrganization(input.organizationId, patient?.idpUserId);
};

/** `self` owner for an operation on a waitlist entry (`input.id`): the account linked to its patient. */
export const ownerByWaitlistEntry: OwnerOf<{ organizationId: string; id: string }> = async (input, ctx) => {
  const row = await ctx.db
    .selectFrom('appointmentWaitlist')
    .leftJoin('patients', (join) => join.onRef('patients.id', '=', 'appointmentWaitlist.patientId').onRef('patients.organizationId', '=', 'appointmentWaitlist.organizationId'))
    .select('patients.idpUserId')
    .where('appointmentWaitlist.id', '=', input.id)
    .where('appointmentWaitlist.organizationId', '=', input.organizationId)
    .executeTakeFirst();
  return inNamedOrganization(input.organizationId, row?.idpUserId);
};
