import { holdsRoleIn, isPlatformAdmin } from '../caller/caller.ts';
import type { Context } from '../operations/operation.ts';
import { AppError } from '../values/errors.ts';
import { rolesGranted } from './grants.ts';

/** A workflow operation, named as the role table names it. */
export interface WorkflowOperation {
  namespace: string;
  name: string;
}

/**
 * A move (or a change of money a gate reads) made through another operation (`update`, `create`,
 * `markPaymentSuccess` ...) is held to the roles of the workflow operation that makes it, read
 * from the role table (docs/contract.md, "Moves"). FORBIDDEN unless the caller holds one of them in
 * the organization. A caller without a token (the optional mode) keeps the interface's behaviour
 * for roles (docs/contract.md, "Modes"); platform admins pass every check.
 */
export function assertMayDoAs(ctx: Context, organizationId: string, operation: WorkflowOperation, what: string): void {
  const { caller } = ctx;
  if (caller.kind === 'anonymous' || isPlatformAdmin(caller)) return;
  const roles = rolesGranted({ ...operation, writes: true });
  if (holdsRoleIn(caller, organizationId, new Set(roles))) return;
  const needs = roles.length ? `one of the roles ${roles.join(', ')}` : 'a role no one holds';
  throw new AppError('FORBIDDEN', `${what} is ${operation.namespace}.${operation.name}'s to make: it needs ${needs}`);
}
