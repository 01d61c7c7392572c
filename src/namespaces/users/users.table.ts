import type { Bool, Json } from '../../values/record.ts';

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
  createdAt: number;
  updatedAt: number;
}
