import type { Db } from '../db/database.ts';
import { AppError } from '../values/errors.ts';
import { parseJsonArray } from '../values/record.ts';
import { parseScopes, type SmartAccess, type SmartScope } from './smart-scopes.ts';
import type { SmartGrant } from './tokens.ts';

export interface Membership {
  userId: string;
  /** null for a platform-level user record */
  organizationId: string | null;
  roles: ReadonlySet<string>;
  blocked: boolean;
}

export type Caller =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      idpUserId: string;
      memberships: Membership[];
      /** roles of every membership that is not blocked */
      roles: ReadonlySet<string>;
      isPlatformAdmin: boolean;
      /** tokens issued at an earlier version are refused (the identity's password was set since) */
      tokenVersion: number;
      /** a token narrowed to SMART user/ or patient/ scopes (src/access/clients.ts); absent for the user's own token */
      smart?: SmartAccess;
    }
  | ClientCaller;

/**
 * A backend client of the FHIR API (SMART Backend Services): a token of the service issued to a
 * client an organization registered, good for that organization only and for the FHIR reads its
 * scopes cover (src/access/clients.ts; docs/fhir.md, "Authorization"). It holds no membership.
 */
export interface ClientCaller {
  kind: 'client';
  clientId: string;
  organizationId: string;
  /** the scopes of the token, as far as the client's registration still holds them */
  scopes: readonly SmartScope[];
}

export const anonymous: Caller = { kind: 'anonymous' };

/**
 * Roles and blocking come from the user records the person accepted, at request time, so a change takes effect at once;
 * with them, the identity's token version (an identity of this service; 0 for a subject of an
 * outside provider).
 */
export async function loadCaller(db: Db, idpUserId: string): Promise<Caller> {
  const [rows, identity] = await Promise.all([
    // Only accepted records count: an invitation grants nothing and imposes nothing (docs/identity.md).
    db.selectFrom('users').select(['id', 'organizationId', 'role', 'roles', 'isBlocked']).where('idpUserId', '=', idpUserId).where('invitationStatus', '=', 'accepted').execute(),
    db.selectFrom('identities').select('tokenVersion').where('id', '=', idpUserId).executeTakeFirst(),
  ]);
  const memberships = rows.map((r) => ({
    userId: r.id,
    organizationId: r.organizationId,
    roles: new Set([r.role, ...parseJsonArray(r.roles)]),
    blocked: Boolean(r.isBlocked),
  }));
  const roles = new Set(memberships.filter((m) => !m.blocked).flatMap((m) => [...m.roles]));
  return { kind: 'user', idpUserId, memberships, roles, isPlatformAdmin: roles.has('platform_admin'), tokenVersion: identity?.tokenVersion ?? 0 };
}

export function hasAnyRole(caller: Caller, roles: readonly string[]): boolean {
  return caller.kind === 'user' && roles.some((r) => caller.roles.has(r));
}

export function isPlatformAdmin(caller: Caller): boolean {
  return caller.kind === 'user' && caller.isPlatformAdmin;
}

export function callerId(caller: Caller): string | null {
  return caller.kind === 'user' ? caller.idpUserId : null;
}

/**
 * Who a call is by, as the audit trail, the read log and idempotency keys name it: the identity of
 * a signed-in caller, or a backend client as `client:<client id>` (its token's subject); null
 * without a token. callerId stays an identity's only: a client is no person.
 */
export function principalOf(caller: Caller): string | null {
  if (caller.kind === 'user') return caller.idpUserId;
  return caller.kind === 'client' ? `client:${caller.clientId}` : null;
}

export type SignedInCaller = Extract<Caller, { kind: 'user' }>;

/** A caller that must have signed in (operations with `tokenRequired`). */
export function signedIn(caller: Caller): SignedInCaller {
  if (caller.kind !== 'user') throw new AppError('UNAUTHENTICATED', 'an access token is required');
  return caller;
}

/** The caller's unblocked membership in an organization, else (a platform admin) its platform-level record. */
export function membershipIn(caller: Caller, organizationId: string | null): Membership | null {
  if (caller.kind !== 'user') return null;
  const own = organizationId === null ? undefined : caller.memberships.find((m) => !m.blocked && m.organizationId === organizationId);
  if (own) return own;
  return caller.isPlatformAdmin ? (caller.memberships.find((m) => !m.blocked && m.organizationId === null && m.roles.has('platform_admin')) ?? null) : null;
}

/** Does the caller hold one of these roles in that organization (a platform admin: always)? */
export function holdsRoleIn(caller: Caller, organizationId: string, roles: ReadonlySet<string>): boolean {
  if (caller.kind !== 'user') return false;
  if (caller.isPlatformAdmin) return true;
  return caller.memberships.some((m) => !m.blocked && m.organizationId === organizationId && [...m.roles].some((r) => roles.has(r)));
}

/** Is the caller blocked in that organization (a user record there, every one of them blocked)? */
export function isBlockedIn(caller: Caller, organizationId: string): boolean {
  if (caller.kind !== 'user') return false;
  const there = caller.memberships.filter((m) => m.organizationId === organizationId);
  return there.length > 0 && there.every((m) => m.blocked);
}

/** The organizations where the caller is an unblocked member (not the platform-level record). */
export function organizationsOf(caller: Caller): string[] {
  if (caller.kind !== 'user') return [];
  return [...new Set(caller.memberships.filter((m) => !m.blocked && m.organizationId !== null).map((m) => m.organizationId!))];
}

/**
 * Blocked on the whole platform: a platform-level record (organizationId null) that is blocked.
 * Only platform admins make such records; a block by an organization counts in that organization only.
 */
export function isBlockedOnPlatform(caller: Caller): boolean {
  return caller.kind === 'user' && !caller.isPlatformAdmin && caller.memberships.some((m) => m.organizationId === null && m.blocked);
}

/**
 * The caller of a token narrowed to SMART scopes: the user with `smart` set. With patient/ scopes it
 * is the patient's own account only: no role, and of its user records only the blocked ones (a
 * block still counts), so it reads nothing as staff (its own records through the types'
 * readOwner, that patient's alone: src/access/clients.ts).
 */
export function narrowedCaller(caller: SignedInCaller, grant: SmartGrant): SignedInCaller {
  const scopes = parseScopes(grant.scope) ?? [];
  if (grant.patient === undefined) return { ...caller, smart: { scopes, patientId: null } };
  const blocks = caller.memberships.filter((membership) => membership.blocked);
  return { ...caller, memberships: blocks, roles: new Set(), isPlatformAdmin: false, smart: { scopes, patientId: grant.patient } };
}
