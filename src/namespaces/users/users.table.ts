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

/**
 * The words of each organization user's displayName and email (src/values/words.ts), for
 * users.search: one row per (organization, word, user), so a prefix of a word is a range of the
 * primary key within one organization. Written with the user (users.words.ts), removed with it
 * (foreign key, on delete cascade). Platform-level records (no organization) have none.
 */
export interface UserWordsTable {
  organizationId: string;
  word: string;
  userId: string;
  /** Where the word first occurs in the display name (0 = its first word); EMAIL_ONLY (src/values/words.ts) when only in the email. */
  position: number;
  /** The user's createdAt, for the order within a rank without reading the users. */
  createdAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    users: UsersTable;
    userWords: UserWordsTable;
  }
}
