import { rolesGranted } from '../../access/grants.ts';
import { holdsRoleIn } from '../../caller/caller.ts';
import type { Db } from '../../db/database.ts';
import type { Owner } from '../../operations/audience.ts';
import type { Context } from '../../operations/operation.ts';

type Read = { organizationId: string; id: string };
/** The patient record a resource of the organization is about and the account linked to it (null: none); undefined: no such resource. */
type LinkedAccount = (db: Db, read: Read) => Promise<{ idpUserId: string | null; patientId: string } | undefined>;
/**
 * The account that owns a call of `input` made by the account `callerIdpUserId` (acting for the
 * patient record `inContext` with a patient/ token, else null), and the patient record it owns it
 * through; undefined: none.
 */
type AccountOf<I> = (db: Db, input: I, callerIdpUserId: string, inContext: string | null) => Promise<{ idpUserId: string | null; patientId?: string } | undefined>;

/**
 * The owner of a call of the fhir operation `name` in the organization the input names: staff with
 * a role granted it are admitted as staff, without a lookup; to anyone else the owner is the account
 * `accountOf` answers. The organization is named: a record of another organization, or an unknown
 * id, is another person's (403) to anyone but that organization's staff (404 from the handler).
 */
function ownerOf<I extends { organizationId: string }>(name: string, accountOf: AccountOf<I>) {
  let staffRoles: ReadonlySet<string> | undefined;
  return async (input: I, ctx: Context): Promise<Owner> => {
    staffRoles ??= new Set(rolesGranted({ namespace: 'fhir', name, writes: false }));
    const owner = { idpUserId: null, organizationId: input.organizationId, named: true };
    if (ctx.caller.kind !== 'user' || holdsRoleIn(ctx.caller, input.organizationId, staffRoles)) return owner;
    const linked = await accountOf(ctx.db, input, ctx.caller.idpUserId, ctx.caller.smart?.patientId ?? null);
    return { ...owner, idpUserId: linked?.idpUserId ?? null, ...(linked?.patientId === undefined ? {} : { patientId: linked.patientId }) };
  };
}

/**
 * The owner of a read of one resource (docs/fhir.md, "A patient's own account"): the account
 * linked to the patient record it is about, in the organization X-Organization-Id names, so that a
 * patient's own account reads its own Patient, Appointments, Encounters, lab orders and reports
 * without being a member.
 */
const ownerOfRead = (type: string, linkedAccount: LinkedAccount) => ownerOf<Read>(`read${type}`, linkedAccount);

/** The patient records of the organization linked to the account (an account may hold several: a family's). */
export async function ownPatientsOf(db: Db, organizationId: string, idpUserId: string): Promise<string[]> {
  const rows = await db.selectFrom('patients').select('id').where('organizationId', '=', organizationId).where('idpUserId', '=', idpUserId).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * The owner of a search of `type` (docs/fhir.md, "A patient's own account"): the calling account
 * itself when it is linked to a patient record of the named organization (its search is then kept
 * to those records: the type's ownPatientsParam; with a patient/ token, to the record it acts for,
 * which must be one of them), none otherwise.
 */
export const ownerOfSearch = (type: string) =>
  ownerOf<{ organizationId: string }>(`search${type}`, async (db, { organizationId }, caller, inContext) => {
    const own = await ownPatientsOf(db, organizationId, caller);
    if (inContext !== null) return own.includes(inContext) ? { idpUserId: caller, patientId: inContext } : undefined;
    return own.length > 0 ? { idpUserId: caller } : undefined;
  });

/** The patient records a search of a patient's own account is kept to: the one its patient/ token acts for, else every one linked to it in the organization. */
export async function searchedAsOwner(ctx: Pick<Context, 'db' | 'caller'>, organizationId: string): Promise<string[]> {
  if (ctx.caller.kind !== 'user') return [];
  const inContext = ctx.caller.smart?.patientId ?? null;
  return inContext === null ? ownPatientsOf(ctx.db, organizationId, ctx.caller.idpUserId) : [inContext];
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

/** An Encounter is an admission or a visit (an appointment): the same id is never both (types/encounter.ts). */
export const encounterReadOwner = ownerOfRead('Encounter', (db, { organizationId, id }) =>
  db
    .selectFrom('patients')
    .select(['idpUserId', 'id as patientId'])
    .where('organizationId', '=', organizationId)
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('admissions').select('patientId').where('organizationId', '=', organizationId).where('id', '=', id)),
        eb('id', 'in', eb.selectFrom('appointments').select('patientId').where('organizationId', '=', organizationId).where('id', '=', id)),
      ]),
    )
    .executeTakeFirst(),
);
