import { membershipIn, type Caller } from '../../caller/caller.ts';
import type { Context } from '../../operations/operation.ts';
import type { Page } from '../../values/paging.ts';
import type { UserStatus } from './users.repo.ts';
import type { UserRecord } from './users.resource.ts';

/** What the public doctor directory shows of a user record (docs/access.md, "The public directory"): no email, identity id, block or login data. */
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

export type PublicProfile = Pick<UserRecord, (typeof PUBLIC_PROFILE_FIELDS)[number]>;

/** The whole record for members of its organization and platform admins; the public profile for everyone else. */
export function profileFor(caller: Caller, record: UserRecord): UserRecord | PublicProfile {
  // A platform admin's membership anywhere (also for a platform-level record) is its platform-level record.
  if (membershipIn(caller, record.organizationId)) return record;
  return Object.fromEntries(PUBLIC_PROFILE_FIELDS.map((field) => [field, record[field] ?? null])) as PublicProfile;
}

export function directoryPage(caller: Caller, page: Page<UserRecord>): Page<UserRecord | PublicProfile> {
  return { ...page, items: page.items.map((record) => profileFor(caller, record)) };
}

/**
 * The statuses a directory listing may show: any for members of the organization listed and
 * platform admins; active doctors only for everyone else with a token, and without one in
 * AUTH_MODE=required, so that the public directory does not tell who is blocked or inactive. `null`: a status the caller may not list was asked for (an empty page).
 */
export function listableStatuses(ctx: Context, organizationId: string | undefined, asked: UserStatus | null | undefined): UserStatus[] | undefined | null {
  const caller = ctx.caller;
  // Requests without a token in the optional mode keep the interface's status filter.
  const interfaceMode = caller.kind === 'anonymous' && ctx.config.auth.mode === 'optional';
  const insider = caller.kind === 'user' && (caller.isPlatformAdmin || (organizationId !== undefined && membershipIn(caller, organizationId) !== null));
  if (interfaceMode) return asked ? [asked] : undefined;
  if (insider) return asked ? [asked] : undefined;
  return asked && asked !== 'active' ? null : ['active'];
}
