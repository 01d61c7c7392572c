import { holdsRoleIn, isBlockedIn, isBlockedOnPlatform, membershipIn, type Caller, type ClientCaller, type Membership } from '../caller/caller.ts';
import type { Config } from '../config.ts';
import type { OwnerOf } from '../operations/audience.ts';
import type { Concerned } from '../operations/concerned.ts';
import { AppError } from '../values/errors.ts';
import type { Context, Operation } from '../operations/operation.ts';
import { admitClient, admitClientIn, admitSmart, ownsInContext, type CallInterface } from './clients.ts';

export interface Admission {
  organizationId: string | null;
  /** The caller's membership in that organization (a platform admin: its platform-level record). */
  membership: Membership | null;
  /** Admitted as the owner of the data (a `self` operation), not as staff or a platform admin. */
  asOwner: boolean;
}

type UserCaller = Extract<Caller, { kind: 'user' }>;

const anyGrantedRole = (caller: UserCaller, roles: ReadonlySet<string>) =>
  caller.memberships.some((m) => !m.blocked && m.organizationId !== null && [...m.roles].some((r) => roles.has(r)));

/**
 * The checks that need no input, before validation: a token where one is needed, platform
 * operations for platform admins, member operations for callers holding a granted role somewhere.
 * Anonymous callers of the optional mode pass where the interface lets them (docs/contract.md, "Modes").
 * A backend client passes only where src/access/clients.ts lets it, whatever the audience; a
 * user's token narrowed to SMART scopes must pass there too, then as the user.
 */
export function admitCaller(op: Operation, caller: Caller, config: Config, via: CallInterface = 'rpc'): void {
  if (caller.kind === 'client') return admitClient(op, caller, via);
  if (caller.kind === 'user' && caller.smart) admitSmart(op, caller.smart, via);
  if (op.audience.kind === 'public') return;
  if (caller.kind === 'anonymous') {
    if (config.auth.mode === 'required' || op.tokenRequired) throw new AppError('UNAUTHENTICATED', 'an access token is required');
    return;
  }
  if (caller.isPlatformAdmin) return;
  // A block by an organization counts there only (isBlockedIn); a platform admin's block everywhere.
  if (isBlockedOnPlatform(caller)) throw new AppError('FORBIDDEN', 'this user is blocked');
  if (op.audience.kind === 'platform') throw new AppError('FORBIDDEN', 'this operation is for platform admins');
  if (op.audience.kind === 'member' && !anyGrantedRole(caller, op.roles)) throw forbiddenRole(op);
}

/**
 * The checks on the organization the call concerns (resolved by the caller of this function from
 * the input or the record it names), and for `self` operations on the data's owner.
 */
export async function admitCall(op: Operation, caller: Caller, concerned: Concerned | null, input: unknown, ctx: Context): Promise<Admission> {
  if (caller.kind === 'client') return admitClientIn(op, caller, concerned);
  const audience = op.audience;
  if (audience.kind === 'self' && audience.owner) return admitSelf(op, (given, context) => audience.owner!(given, context), caller, concerned, input, ctx);
  const organizationId = concerned?.organizationId ?? null;
  const admitted = { organizationId, membership: membershipIn(caller, organizationId), asOwner: false };
  if (caller.kind === 'anonymous' || caller.isPlatformAdmin || op.audience.kind === 'public') return admitted;
  if (op.audience.kind === 'member') {
    if (!concerned) {
      if (op.audience.spansOrganizations) return admitted;
      throw new AppError('FORBIDDEN', 'this operation needs the organization it concerns');
    }
    refuseUnlessMember(op, caller, concerned);
    return admitted;
  }
  if (op.audience.kind === 'self') return { ...admitted, asOwner: true };
  throw new AppError('FORBIDDEN', 'this operation is for platform admins');
}

/**
 * A `self` operation with an owner: the owner's record also gives the organization when the input
 * names none, for every caller, so no operation looks the record up twice. Staff of the owner's
 * organization with a granted role pass as staff (also for their own data); the account the data
 * belongs to as its owner.
 */
async function admitSelf(op: Operation, ownerOf: OwnerOf<unknown>, caller: Exclude<Caller, ClientCaller>, concerned: Concerned | null, input: unknown, ctx: Context): Promise<Admission> {
  const privileged = caller.kind === 'anonymous' || caller.isPlatformAdmin;
  if (privileged && concerned) return { organizationId: concerned.organizationId, membership: membershipIn(caller, concerned.organizationId), asOwner: false };
  const owner = await ownerOf(input, ctx);
  const organizationId = concerned?.organizationId ?? owner.organizationId;
  if (privileged) return { organizationId, membership: membershipIn(caller, organizationId), asOwner: false };
  const staffOf = owner.organizationId ?? organizationId;
  if (staffOf && holdsRoleIn(caller, staffOf, op.roles)) return { organizationId: staffOf, membership: membershipIn(caller, staffOf), asOwner: false };
  if (owner.idpUserId !== null && owner.idpUserId === caller.idpUserId && ownsInContext(caller, owner)) return { organizationId, membership: membershipIn(caller, organizationId), asOwner: true };
  if (staffOf && isBlockedIn(caller, staffOf)) throw new AppError('FORBIDDEN', 'this user is blocked in this organization');
  if (staffOf && isMemberOf(caller, staffOf)) throw forbiddenRole(op, ' in this organization');
  if (!owner.named) throw new AppError('NOT_FOUND', `${op.namespace} record not found`);
  throw new AppError('FORBIDDEN', 'these are another person\'s records');
}

function refuseUnlessMember(op: Operation, caller: UserCaller, concerned: Concerned): void {
  const { organizationId } = concerned;
  if (holdsRoleIn(caller, organizationId, op.roles)) return;
  if (isBlockedIn(caller, organizationId)) throw new AppError('FORBIDDEN', 'this user is blocked in this organization');
  if (isMemberOf(caller, organizationId)) throw forbiddenRole(op, ' in this organization');
  // A record of another organization is not found; an organization named outright is forbidden.
  if (!concerned.named) throw new AppError('NOT_FOUND', `${op.namespace} record not found`);
  throw new AppError('FORBIDDEN', 'this organization is not yours');
}

const isMemberOf = (caller: UserCaller, organizationId: string) =>
  caller.memberships.some((m) => !m.blocked && m.organizationId === organizationId);

function forbiddenRole(op: Operation, where = ''): AppError {
  const roles = [...op.roles];
  return new AppError('FORBIDDEN', roles.length ? `needs one of the roles ${roles.join(', ')}${where}` : 'no role may call this operation');
}
