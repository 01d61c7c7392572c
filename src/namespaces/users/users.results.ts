import { z } from 'zod';
import { out } from '../../values/results.ts';
import { writeTimes } from '../../values/result-fields.ts';
import { PUBLIC_PROFILE_FIELDS } from './users.directory.ts';

/**
 * Result schemas of the users namespace (src/values/results.ts), from users.table.ts and the
 * resource's mapping. Unlike users.schemas.record, organizationId is null for a platform-level
 * record, and roles always holds at least the primary role.
 */
const recordShape = {
  id: out.id(),
  idpUserId: out.text(),
  organizationId: out.id().nullable(),
  organizationBranchIds: out.strings().nullable(),
  email: out.text(),
  title: out.text().nullable(),
  displayName: out.text().nullable(),
  avatarUrl: out.text().nullable(),
  role: out.text(),
  roles: out.strings(),
  isActive: out.bool().nullable(),
  isBlocked: out.bool().nullable(),
  blockedAt: out.ts().nullable(),
  blockedBy: out.text().nullable(),
  lastLoginAt: out.ts().nullable(),
  isVerified: out.bool().nullable(),
  verifiedAt: out.ts().nullable(),
  verifiedBy: out.text().nullable(),
  gender: out.text().nullable(),
  yoe: out.int().nullable(),
  totalReviews: out.int().nullable(),
  averageRatings: out.number().nullable(),
  onboardingStatus: out.text().nullable(),
  /** Extension (docs/identity.md, "Invitations and consent"): `accepted` (a membership), `pending`, `declined`. */
  invitationStatus: out.text(),
  invitedBy: out.text().nullable(),
  invitedAt: out.ts().nullable(),
  invitationExpiresAt: out.ts().nullable(),
  respondedAt: out.ts().nullable(),
  ...writeTimes(),
};

/** A user record: a person in one organization (organizationId null: platform-level). */
export const userRecord = out.record(recordShape).meta({ title: 'user' });

/** What the public doctor directory shows of a user record to those outside its organization (users.directory.ts). */
export const publicProfile = out
  .record(Object.fromEntries(PUBLIC_PROFILE_FIELDS.map((field) => [field, recordShape[field]])) as Pick<typeof recordShape, (typeof PUBLIC_PROFILE_FIELDS)[number]>)
  .meta({ title: 'user (public profile)' });

/** A directory entry (profileFor): the whole record for members of its organization and platform admins, else the public profile. */
export const directoryEntry = z.union([userRecord, publicProfile]);
