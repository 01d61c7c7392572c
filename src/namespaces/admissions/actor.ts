import type { Db } from '../../db/database.ts';
import { AppError } from '../../rpc/errors.ts';
import type { Context } from '../../rpc/operation.ts';

/** Who did something to an admission: a users record id and its (primary) role. */
export interface Actor {
  userId: string;
  role: string;
}

async function roleOf(db: Db, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  return row?.role ?? 'unknown';
}

/**
 * The caller as the actor of a change in the organization: their users record there, else their
 * platform-level record (a platform admin). Null without a token (optional mode): the change is
 * still made and logged, with no actor.
 */
export async function callerActor(ctx: Context, organizationId: string): Promise<Actor | null> {
  const caller = ctx.caller;
  if (caller.kind === 'anonymous') return null;
  const membership =
    caller.memberships.find((m) => !m.blocked && m.organizationId === organizationId) ??
    caller.memberships.find((m) => !m.blocked && m.organizationId === null);
  return membership ? { userId: membership.userId, role: await roleOf(ctx.db, membership.userId) } : null;
}

/**
 * The person named by idpUserId as the actor in the organization (admissionCharges): they need a
 * users record there that is not blocked, else FORBIDDEN.
 */
export async function memberActor(db: Db, organizationId: string, idpUserId: string): Promise<Actor> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'role', 'isBlocked'])
    .where('organizationId', '=', organizationId)
    .where('idpUserId', '=', idpUserId)
    .executeTakeFirst();
  if (!row) throw new AppError('FORBIDDEN', 'idpUserId has no user record in this organization');
  if (row.isBlocked) throw new AppError('FORBIDDEN', 'idpUserId is blocked in this organization');
  return { userId: row.id, role: row.role };
}

/**
 * For operations that name a record rather than an organization (getAdmissionLogs by admissionId,
 * listByDoctorId by doctorId): a caller bound to other organizations is told NOT_FOUND, as for a
 * missing record, so the record's existence is not given away. Returns the organization for the
 * dispatcher's tenancy guard (which still refuses a blocked member).
 */
export function reachable(ctx: Context, organizationId: string | undefined, what: string): string {
  const caller = ctx.caller;
  const bound = caller.kind === 'user' && !caller.isPlatformAdmin && caller.memberships.length > 0;
  if (!organizationId || (bound && !caller.memberships.some((m) => m.organizationId === organizationId))) {
    throw new AppError('NOT_FOUND', `${what} not found`);
  }
  return organizationId;
}
