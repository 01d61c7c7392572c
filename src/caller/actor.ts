import type { Db } from '../db/database.ts';
import { AppError } from '../values/errors.ts';
import type { Membership } from './caller.ts';

/** Who did something: a users record id and its (primary) role. */
export interface Actor {
  userId: string;
  role: string;
}

/**
 * The actor of a membership (the one the dispatcher admitted a call with: its users record in the
 * organization; a platform admin's platform-level record). Its first role is the record's primary
 * one (loadCaller). Null without a membership (optional mode without a token): the change is still
 * made and logged, with no actor.
 */
export function actorOf(membership: Membership | null): Actor | null {
  if (!membership) return null;
  const [role = 'unknown'] = membership.roles;
  return { userId: membership.userId, role };
}

/** The actor named by idpUserId: its accepted users record in the organization, FORBIDDEN when it has none or it is blocked. */
export async function memberActor(db: Db, organizationId: string | null, idpUserId: string): Promise<Actor> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'role', 'isBlocked'])
    .where('organizationId', '=', organizationId)
    .where('idpUserId', '=', idpUserId)
    .where('invitationStatus', '=', 'accepted')
    .executeTakeFirst();
  if (!row) throw new AppError('FORBIDDEN', 'idpUserId has no user record in this organization');
  if (row.isBlocked) throw new AppError('FORBIDDEN', 'idpUserId is blocked in this organization');
  return { userId: row.id, role: row.role };
}
