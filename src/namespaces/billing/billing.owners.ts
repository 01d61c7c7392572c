import type { Owner, OwnerOf } from '../../operations/audience.ts';

/**
 * `self` owner of a billing document (`input.id` of the named organization): the account linked
 * to the document's patient record. The input names the organization, so a refusal is FORBIDDEN; a
 * document that is not that organization's has no owner (its staff pass, and the handler answers
 * NOT_FOUND as for any missing document).
 */
export const ownerByDocument: OwnerOf<{ organizationId: string; id: string }> = async (input, ctx): Promise<Owner> => {
  const row = await ctx.db
    .selectFrom('billingDocuments as d')
    .leftJoin('patients as p', (join) => join.onRef('p.id', '=', 'd.patientId').onRef('p.organizationId', '=', 'd.organizationId'))
    .select('p.idpUserId')
    .where('d.organizationId', '=', input.organizationId)
    .where('d.id', '=', input.id)
    .executeTakeFirst();
  return { idpUserId: row?.idpUserId ?? null, organizationId: input.organizationId, named: true };
};
