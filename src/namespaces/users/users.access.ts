import { rolesGranted } from '../../access/grants.ts';
import { holdsRoleIn, isPlatformAdmin, organizationsOf, type Caller } from '../../caller/caller.ts';
import { AppError } from '../../values/errors.ts';
import type { Context, Operation } from '../../operations/operation.ts';

const PLATFORM_ADMIN = 'platform_admin';

/** A user record (or the part of it that matters here). */
type RoleState = Record<string, unknown>;

function holds(record: RoleState | undefined): boolean {
  if (!record) return false;
  return record.role === PLATFORM_ADMIN || (Array.isArray(record.roles) && record.roles.includes(PLATFORM_ADMIN));
}

/** platform_admin counts for a caller only on a record that is not blocked (src/caller/caller.ts). */
function effective(record: RoleState | undefined): boolean {
  return holds(record) && record?.isBlocked !== true;
}

/**
 * Only a platform admin may change who is a platform admin (docs/contract.md, "Audiences and roles"), in every
 * auth mode: giving a record the role (create, update, updateRoles, syncFromIdpAuth), and taking
 * its effect away or back (removing the role, blocking, unblocking or deleting such a record).
 * `before` is the record as stored (undefined when created), `after` as it will be (undefined when deleted).
 */
export function assertMayChangePlatformAdmin(ctx: Context, before: RoleState | undefined, after: RoleState | undefined): void {
  const grants = holds(after) && !holds(before);
  if ((grants || effective(before) !== effective(after)) && !isPlatformAdmin(ctx.caller)) {
    throw new AppError('FORBIDDEN', 'only a platform admin may grant or change the role platform_admin');
  }
}

/**
 * The organizations whose user records the caller reaches by an operation that names none: those
 * where it holds a role the table grants for the operation. undefined: every organization (a
 * platform admin, or the optional mode's anonymous caller).
 */
export function organizationsReadBy(caller: Caller, op: Pick<Operation, 'namespace' | 'name'>): string[] | undefined {
  if (caller.kind === 'anonymous' || (caller.kind === 'user' && caller.isPlatformAdmin)) return undefined;
  const roles = readersOf(op);
  return organizationsOf(caller).filter((organizationId) => holdsRoleIn(caller, organizationId, roles));
}

const readers = new Map<string, ReadonlySet<string>>();

/** The roles the table grants a reading operation, worked out once per operation. */
function readersOf(op: Pick<Operation, 'namespace' | 'name'>): ReadonlySet<string> {
  const name = `${op.namespace}.${op.name}`;
  let roles = readers.get(name);
  if (!roles) readers.set(name, (roles = new Set(rolesGranted({ ...op, writes: false }))));
  return roles;
}
