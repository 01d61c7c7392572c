import type { Caller } from '../../auth/caller.ts';
import { notFound, validationFailed } from '../../rpc/errors.ts';

/**
 * The organization a labOrders / labResultFiles create or update acts on, where the interface
 * lists `organizationId` as optional. An order without an organization could not be tenant-scoped,
 * so one is always resolved (docs/labs-and-content.md):
 * - named: that one (the dispatcher's tenancy guard then applies as everywhere);
 * - omitted or null, caller bound to exactly one organization (not blocked there): that one;
 * - omitted, platform admin: the organization of the record the call refers to (`record.lookup`,
 *   by id alone; NOT_FOUND when there is none), when the operation refers to one;
 * - otherwise (no token, a token without user records, several organizations):
 *   VALIDATION_FAILED `organizationId: is required`.
 * Used as the operation's `organizationOf`, so the guard, the handler and the audit row all see
 * the resolved organization.
 */
export async function resolveOrganization(
  caller: Caller,
  named: string | null | undefined,
  record?: { what: string; lookup: () => Promise<string | undefined> },
): Promise<string> {
  if (named !== undefined && named !== null) return named;
  if (caller.kind === 'user') {
    if (caller.isPlatformAdmin) {
      if (record) {
        const found = await record.lookup();
        if (!found) throw notFound(record.what);
        return found;
      }
    } else {
      const own = [...new Set(caller.memberships.filter((m) => !m.blocked && m.organizationId !== null).map((m) => m.organizationId!))];
      if (own.length === 1) return own[0]!;
    }
  }
  throw validationFailed('organizationId', 'is required');
}
