import { z } from 'zod';
import { id, idpUserId } from '../../values/fields.ts';
import { actorOf, memberActor, type Actor } from '../../caller/actor.ts';
import { teamOrganizationFor } from '../../access/organization.ts';
import { named, type Concerned } from '../../operations/concerned.ts';
import { AppError, notFound } from '../../values/errors.ts';
import type { Context } from '../../operations/operation.ts';
import { organizationIdByTeamOrId } from '../organizations/organizations.public.ts';

/**
 * admissionCharges names the organization by the identity provider's team (idpTeamId), or by the
 * organization's id in that field, and the actor by idpUserId.
 */

export const idpTeamId = () =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(256)
    .meta({ description: "the organization's identity provider team id, or the organization's id (looked up as a team first)" });

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

/** The input fields of every charge operation: the team, the actor, the admission charged, notes. */
export const chargeFields = () => ({ idpTeamId: idpTeamId(), idpUserId: idpUserId(), admissionId: id(), notes: notes() });

/**
 * `organizationOf` of every operation here: the team, or else the organization's id, names the
 * organization outright (its blocked members are FORBIDDEN); an unknown value, and an organization
 * the caller has no record in, are NOT_FOUND alike (teamOrganizationFor).
 */
export async function organizationOfTeam(input: { idpTeamId: string }, ctx: Context): Promise<Concerned> {
  const organizationId = teamOrganizationFor(ctx.caller, await organizationIdByTeamOrId(ctx.db, input.idpTeamId));
  if (!organizationId) throw notFound('organization');
  return named(organizationId);
}

/**
 * The actor of a charge or a void, named by idpUserId. With a token it is the caller (a platform
 * admin may name anyone), FORBIDDEN otherwise. Without a token (optional mode) the person named
 * needs a users record in the organization that is not blocked, FORBIDDEN otherwise.
 */
export async function chargeActor(ctx: Context, idpUserId: string): Promise<Actor> {
  const { caller } = ctx;
  if (caller.kind === 'user' && caller.idpUserId === idpUserId) return actorOf(ctx.membership)!;
  if (caller.kind === 'user' && !caller.isPlatformAdmin) throw new AppError('FORBIDDEN', 'idpUserId must be your own');
  return memberActor(ctx.db, ctx.organizationId, idpUserId);
}
