import { membershipIn, type Caller } from '../../auth/caller.ts';
import type { Page } from '../../rpc/paging.ts';
import type { ApiRecord } from '../../rpc/resource.ts';

/** What the public doctor directory shows of a user record (CONTRACT.md section 6): no email, identity id, block or login data. */
export const PUBLIC_PROFILE_FIELDS = [
  'id',
  'displayName',
  'title',
  'avatarUrl',
  'gender',
  'yoe',
  'totalReviews',
  'averageRatings',
  'isVerified',
  'organizationId',
  'role',
  'roles',
] as const;

/** The whole record for members of its organization and platform admins; the public profile for everyone else. */
export function profileFor(caller: Caller, record: ApiRecord): ApiRecord {
  const organizationId = typeof record.organizationId === 'string' ? record.organizationId : null;
  // A platform admin's membership anywhere (also for a platform-level record) is its platform-level record.
  if (membershipIn(caller, organizationId)) return record;
  return Object.fromEntries(PUBLIC_PROFILE_FIELDS.map((field) => [field, record[field] ?? null]));
}

export function directoryPage(caller: Caller, page: Page<ApiRecord>): Page<ApiRecord> {
  return { ...page, items: page.items.map((record) => profileFor(caller, record)) };
}
