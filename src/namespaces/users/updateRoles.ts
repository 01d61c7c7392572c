import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { role } from '../../caller/roles.ts';
import { id, idpUserId } from '../../values/fields.ts';
import { defineOperation } from '../../operations/operation.ts';
import { itemResult } from '../../values/results.ts';
import { userRecord } from './users.results.ts';
import { changeRecordOf } from './users.recordChange.ts';
import { roleList, withPrimaryRole } from './users.resource.ts';

/**
 * The primary role after a change of roles: the one given, else the current one if it is still
 * among the roles, else the first of the roles.
 */
export function primaryRole(given: string | null | undefined, current: string, roles: readonly string[]): string {
  return given ?? (roles.includes(current) ? current : roles[0]!);
}

/** Replaces the person's roles in the organization; takes effect on their next request. */
export const updateRoles = defineOperation({
  namespace: 'users',
  name: 'updateRoles', audience: member(),
  summary: "Replace a user's roles in an organization",
  writes: true,
  input: z.object({
    idpUserId: idpUserId(),
    organizationId: id(),
    roles: roleList().min(1, 'must have at least 1 entry'),
    role: role().nullish(),
  }),
  output: itemResult(userRecord),
  handler(ctx, input) {
    return changeRecordOf(ctx, input, (current) => {
      const primary = primaryRole(input.role, current.role, input.roles);
      return { role: primary, roles: withPrimaryRole(primary, input.roles) };
    });
  },
});
