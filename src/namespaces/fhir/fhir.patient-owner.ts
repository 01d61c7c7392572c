import { rolesGranted } from '../../access/grants.ts';
import { holdsRoleIn } from '../../caller/caller.ts';
import type { Owner } from '../../operations/audience.ts';
import type { Context } from '../../operations/operation.ts';

let staffRoles: ReadonlySet<string> | undefined;

/**
 * The owner of a Patient read (docs/fhir.md, "Authorization"): the account linked to the patient
 * record, in the organization X-Organization-Id names, so that a patient's own account reads its
 * own Patient without being a member; staff with a granted role are admitted as staff, without a
 * lookup. The organization is named: another organization's patient, or an unknown id, is
 * another person's record (403) to anyone but that organization's staff (404 from the handler).
 */
export async function patientReadOwner(input: { organizationId: string; id: string }, ctx: Context): Promise<Owner> {
  staffRoles ??= new Set(rolesGranted({ namespace: 'fhir', name: 'readPatient', writes: false }));
  const owner = { idpUserId: null, organizationId: input.organizationId, named: true };
  if (ctx.caller.kind !== 'user' || holdsRoleIn(ctx.caller, input.organizationId, staffRoles)) return owner;
  const row = await ctx.db.selectFrom('patients').select('idpUserId').where('organizationId', '=', input.organizationId).where('id', '=', input.id).executeTakeFirst();
  return { ...owner, idpUserId: row?.idpUserId ?? null };
}
