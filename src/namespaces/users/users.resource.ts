import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { ROLES, role } from '../../caller/roles.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { idpUserId } from '../../values/fields.ts';
import { assertMayChangePlatformAdmin } from './users.access.ts';
import { indexUserWords } from './users.words.ts';

/** A known role name (src/caller/roles.ts). */
export const roleList = () => z.array(role()).max(ROLES.length * 4);

/** The largest number an integer column (32 bits on PostgreSQL) holds. */
const MAX_INT = 2_147_483_647;

/** `roles` always holds the primary `role`: the role first, then the others once each. */
export function withPrimaryRole(primary: string, roles: readonly string[] | null | undefined): string[] {
  return [...new Set([primary, ...(roles ?? [])])];
}

/**
 * The users resource: a person's record in one organization (organizationId null = platform-level).
 * getById and delete are generated (only a platform admin deletes a platform admin's record); the
 * other operations differ (the platform_admin rule on changes, optional organizationId on create,
 * the owner's own profile) and are written by hand with this repository and these schemas.
 */
export const users = defineResource({
  namespace: 'users', audience: member(),
  table: 'users',
  scope: 'organization',
  // The hash of an email invitation's code is for users.acceptInvitation only, never answered.
  internal: ['invitationCodeHash'],
  clientTimestamps: true,
  generate: ['getById', 'delete'],
  fields: {
    idpUserId: { kind: 'string', required: true, schema: idpUserId() },
    organizationBranchIds: { kind: 'strings' },
    email: { kind: 'email', required: true },
    title: { kind: 'string' },
    displayName: { kind: 'string' },
    avatarUrl: { kind: 'string' },
    role: { kind: 'string', required: true, schema: role() },
    roles: { kind: 'strings', schema: roleList() },
    isActive: { kind: 'bool', default: true },
    isBlocked: { kind: 'bool', default: false },
    blockedAt: { kind: 'ts' },
    blockedBy: { kind: 'string' },
    lastLoginAt: { kind: 'ts' },
    isVerified: { kind: 'bool' },
    verifiedAt: { kind: 'ts' },
    verifiedBy: { kind: 'string' },
    gender: { kind: 'string' },
    yoe: { kind: 'int', schema: z.int().min(0).max(100) },
    totalReviews: { kind: 'int', schema: z.int().min(0).max(MAX_INT) },
    averageRatings: { kind: 'number', schema: z.number().min(0) },
    /** Not in the interface's field list; accepted as an extension so listByOrganization's filter on it is usable. */
    onboardingStatus: { kind: 'string' },
  },
  prepare: (record) => ({ ...record, roles: withPrimaryRole(record.role, record.roles) }),
  afterWrite: (db, record) => indexUserWords(db, record),
  beforeDelete: async (ctx, record) => assertMayChangePlatformAdmin(ctx, record, undefined),
});

export type UserRecord = ResourceRecord<'users', 'invitationCodeHash'>;
