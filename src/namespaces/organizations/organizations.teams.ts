import type { Db } from '../../db/database.ts';
import { AppError } from '../../values/errors.ts';

/**
 * The organization an `idpTeamId` input names (docs/contract.md, "An organization by its team or
 * its id"): the one of that team, else the one with that id. A team never shadows another
 * organization's id: no idpTeamId may be one (assertTeamIsNoOtherOrganization).
 */
export async function organizationIdByTeamOrId(db: Db, teamOrId: string): Promise<string | undefined> {
  const rows = await db.selectFrom('organizations').select(['id', 'idpTeamId']).where((w) => w.or([w('idpTeamId', '=', teamOrId), w('id', '=', teamOrId)])).execute();
  return (rows.find((r) => r.idpTeamId === teamOrId) ?? rows[0])?.id;
}

/** CONFLICT when `idpTeamId` is the id of an organization other than `ownId`: idpTeamId inputs accept organization ids too. */
export async function assertTeamIsNoOtherOrganization(db: Db, idpTeamId: string | null | undefined, ownId?: string): Promise<void> {
  if (!idpTeamId || idpTeamId === ownId) return;
  const other = await db.selectFrom('organizations').select('id').where('id', '=', idpTeamId).executeTakeFirst();
  if (other) throw new AppError('CONFLICT', 'idpTeamId is the id of another organization; an identity provider\'s team id is expected');
}
