import { z } from 'zod';
import { assertOwn } from '../../auth/ownership.ts';
import { notFound } from '../../rpc/errors.ts';
import type { Context } from '../../rpc/operation.ts';
import { memberActor, type Actor } from '../admissions/actor.ts';
import { organizationIdByTeam } from '../organizations/organizations.repo.ts';
import { idpUserId as idpUserIdSchema } from '../users/users.resource.ts';

/**
 * admissionCharges names the organization by the identity provider's team (idpTeamId) and the
 * actor by idpUserId. organizationOf resolves the team, so the dispatcher's tenancy guard applies
 * to it like to an organizationId; an unknown team is NOT_FOUND.
 */

export const idpTeamId = () => z.string().trim().min(1, 'must not be empty').max(256);
export const idpUserId = idpUserIdSchema;

/** A quantity: more than 0, at most 100000, at most three decimals (1.5 days). Omitted or null: 1. */
export const quantity = () =>
  z
    .number()
    .gt(0, 'must be greater than 0')
    .max(100_000)
    .refine((q) => Math.abs(Math.round(q * 1000) - q * 1000) < 1e-6, 'must have at most three decimals')
    .nullish()
    .transform((q) => q ?? 1);

/** A chargeType or referenceType. */
export const label = () => z.string().trim().min(1, 'must not be empty').max(64);

export const notes = () => z.string().max(2000).nullish();

export async function organizationOfTeam(ctx: Context, team: string): Promise<string> {
  const organizationId = await organizationIdByTeam(ctx.db, team);
  if (!organizationId) throw notFound('organization');
  return organizationId;
}

/**
 * The actor of a charge or a void: with a token, idpUserId must be the caller's own (a platform
 * admin may name anyone), FORBIDDEN otherwise; in every mode it needs a users record in the
 * organization that is not blocked (FORBIDDEN otherwise).
 */
export async function chargeActor(ctx: Context, organizationId: string, idpUserId: string): Promise<Actor> {
  assertOwn(ctx.caller, idpUserId);
  return memberActor(ctx.db, organizationId, idpUserId);
}
