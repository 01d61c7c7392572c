import { TokenService } from '../src/caller/tokens.ts';
import { newId } from '../src/values/ids.ts';
import type { TestApp } from './harness.ts';

export interface SignedIn {
  idpUserId: string;
  userId: string;
  token: string;
}

/** A user record with the given roles in an organization (null: platform-level) and a token for it. */
export async function signIn(
  t: TestApp,
  options: { organizationId?: string | null; roles?: string[]; blocked?: boolean; idpUserId?: string } = {},
): Promise<SignedIn> {
  const idpUserId = options.idpUserId ?? newId();
  const roles = options.roles ?? ['staff'];
  const now = Date.now();
  const userId = newId();
  await t.database.db
    .insertInto('users')
    .values({
      id: userId,
      idpUserId,
      organizationId: options.organizationId === undefined ? null : options.organizationId,
      organizationBranchIds: null,
      email: `${idpUserId}@example.test`,
      title: null,
      displayName: `User ${idpUserId.slice(-4)}`,
      avatarUrl: null,
      role: roles[0] ?? 'staff',
      roles: JSON.stringify(roles),
      isActive: true,
      isBlocked: options.blocked ?? false,
      blockedAt: null,
      blockedBy: null,
      lastLoginAt: null,
      isVerified: null,
      verifiedAt: null,
      verifiedBy: null,
      gender: null,
      yoe: null,
      totalReviews: null,
      averageRatings: null,
      onboardingStatus: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return { idpUserId, userId, token: await tokenFor(t, idpUserId) };
}

export async function tokenFor(t: TestApp, idpUserId: string): Promise<string> {
  return (await new TokenService(t.config).issue(idpUserId)).accessToken;
}

export function platformAdmin(t: TestApp): Promise<SignedIn> {
  return signIn(t, { organizationId: null, roles: ['platform_admin'] });
}

export const orgId = () => `org_${newId()}`;
