import type { Generated } from 'kysely';
import type { Bool, Json } from '../../values/record.ts';

export type InvitationStatus = 'accepted' | 'pending' | 'declined';

export interface UsersTable {
  id: string;
  idpUserId: string;
  organizationId: string | null;
  organizationBranchIds: Json<string[]> | null;
  email: string;
  title: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  role: string;
  roles: Json<string[]>;
  isActive: Bool | null;
  isBlocked: Bool | null;
  blockedAt: number | null;
  blockedBy: string | null;
  lastLoginAt: number | null;
  isVerified: Bool | null;
  verifiedAt: number | null;
  verifiedBy: string | null;
  gender: string | null;
  yoe: number | null;
  totalReviews: number | null;
  averageRatings: number | null;
  onboardingStatus: string | null;
  /** `accepted` (a membership), `pending` (an invitation: grants and imposes nothing), `declined` */
  invitationStatus: Generated<InvitationStatus>;
  invitedBy: string | null;
  invitedAt: number | null;
  invitationExpiresAt: number | null;
  respondedAt: number | null;
  /** sha-256 of the single-use code of an invitation sent by email (users.inviteByEmail) */
  invitationCodeHash: string | null;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    users: UsersTable;
  }
}
