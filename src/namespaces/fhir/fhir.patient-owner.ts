import { rolesGranted } from '../../access/grants.ts';
import { holdsRoleIn } from '../../caller/caller.ts';
import type { Db } from '../../db/database.ts';
import type { Owner } from '../../operations/audience.ts';
import type { Context } from '../../operations/operation.ts';

type Read = { organizationId: string; id: string };
/** The account linked to the patient record a resource of the organization is about; null or undefined: none. */
type LinkedAccount = (db: Db, read: Read) => Promise<string | null | undefined>;

/**
 * The owner of a read of one resource (docs/fhir.md, "Authorization"): the account linked to the
 * patient record it is about, in the organization X-Organization-Id names, so that a patient's own
 * account reads its own Patient, Appointments, lab orders and reports without being a member;
 * staff with a granted role are admitted as staff, without a lookup. The organization is named:
 * another organization's record, or an unknown id, is another person's (403) to anyone but that
 * organization's staff (404 from the handler).
 */
function ownerOfRead(type: string, linkedAccount: LinkedAccount) {
  let staffRoles: ReadonlySet<string> | undefined;
  return async (input: Read, ctx: Context): Promise<Owner> => {
    staffRoles ??= new Set(rolesGranted({ namespace: 'fhir', name: `read${type}`, writes: false }));
    const owner = { idpUserId: null, organizationId: input.organizationId, named: true };
    if (ctx.caller.kind !== 'user' || holdsRoleIn(ctx.caller, input.organizationId, staffRoles)) return owner;
    return { ...owner, idpUserId: (await linkedAccount(ctx.db, input)) ?? null };
  };
}

export const patientReadOwner = ownerOfRead('Patient', async (db, { organizationId, id }) =>
  (await db.selectFrom('patients').select('idpUserId').where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst())?.idpUserId,
);

export const appointmentReadOwner = ownerOfRead('Appointment', async (db, { organizationId, id }) =>
  (await db
    .selectFrom('appointments')
    .innerJoin('patients', 'patients.id', 'appointments.patientId')
    .select('patients.idpUserId')
    .where('appointments.organizationId', '=', organizationId)
    .where('appointments.id', '=', id)
    .executeTakeFirst())?.idpUserId,
);

export const serviceRequestReadOwner = ownerOfRead('ServiceRequest', async (db, { organizationId, id }) =>
  (await db
    .selectFrom('labOrders')
    .innerJoin('patients', 'patients.id', 'labOrders.patientId')
    .select('patients.idpUserId')
    .where('labOrders.organizationId', '=', organizationId)
    .where('labOrders.id', '=', id)
    .executeTakeFirst())?.idpUserId,
);

export const diagnosticReportReadOwner = ownerOfRead('DiagnosticReport', async (db, { organizationId, id }) =>
  (await db
    .selectFrom('labResultFiles')
    .innerJoin('labOrders', 'labOrders.id', 'labResultFiles.labOrderId')
    .innerJoin('patients', 'patients.id', 'labOrders.patientId')
    .select('patients.idpUserId')
    .where('labResultFiles.organizationId', '=', organizationId)
    .where('labResultFiles.id', '=', id)
    .executeTakeFirst())?.idpUserId,
);
