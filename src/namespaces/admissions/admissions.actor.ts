import type { Context } from '../../operations/operation.ts';

/** Who did something to an admission: a users record id and its (primary) role. */
export interface Actor {
  userId: string;
  role: string;
}

/**
 * The caller as the actor of a change: the membership the dispatcher admitted the call with (its
 * users record in the organization; a platform admin's platform-level record). Its first role is the
 * record's primary one (src/caller/caller.ts loadCaller). Null without a token (optional mode): the
 * change is still made and logged, with no actor.
 */
export function callerActor(ctx: Context): Actor | null {
  const membership = ctx.membership;
  if (!membership) return null;
  const [role = 'unknown'] = membership.roles;
  return { userId: membership.userId, role };
}
