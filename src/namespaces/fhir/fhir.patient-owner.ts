import { rolesGranted } from '../../access/grants.ts';
import { holdsRoleIn } from '../../caller/caller.ts';
import type { Db } from '../../db/database.ts';
import type { Owner } from '../../operations/audience.ts';
import type { Context } from '../../operations/operation.ts';

type Read = { organizationId: string; id: string };
/** The patient record a resource of the organization is about and the account linked to it (null: none); undefined: no such resource. */
type LinkedAccount = (db: Db, read: Read) => Promise<{ idpUserId: string | null; patientId: string } | undefined>;

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
    const linked = await linkedAccount(ctx.db, input);
    return { ...owner, idpUserId: linked?.idpUserId ?? null, patientId: linked?.patientId ?? null };
  };
}

export const patientReadOwner = ownerOfRead('Patient', (db, { organizationId, id }) =>
  db.selectFrom('patients').select(['idpUserId', 'id as patientId']).where('organizationId', '=', organizationId).where('id', '=', id).executeTakeFirst(),
);

export const appointmentReadOwner = ownerOfRead('Appointment', (db, { organizationId, id }) =>
  db
    .selectFrom('appointments')
    .innerJoin('patients', 'patients.id', 'appointments.patientId')
    .select(['patients.idpUserId', 'patients.id as patientId'])
    .where('appointments.organizationId', '=', organizationId)
    .where('appointments.id', '=', id)
    .executeTakeFirst(),
);

export const serviceRequestReadOwner = ownerOfRead('ServiceRequest', (db, { organizationId, id }) =>
  db
    .selectFrom('labOrders')
    .innerJoin('patients', 'patients.id', 'labOrders.patientId')
    .select(['patients.idpUserId', 'patients.id as patientId'])
    .where('labOrders.organizationId', '=', organizationId)
    .where('labOrders.id', '=', id)
    .executeTakeFirst(),
);

export const diagnosticReportReadOwner = ownerOfRead('DiagnosticReport', (db, { organizationId, id }) =>
  db
    .selectFrom('labResultFiles')
    .innerJoin('labOrders', 'labOrders.id', 'labResultFiles.labOrderId')
    .innerJoin('patients', 'patients.id', 'labOrders.patientId')
    .select(['patients.idpUserId', 'patients.id as patientId'])
    .where('labResultFiles.organizationId', '=', organizationId)
    .where('labResultFiles.id', '=', id)
    .executeTakeFirst(),
);
