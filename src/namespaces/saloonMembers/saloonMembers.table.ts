export interface SaloonMembersTable {
  id: string;
  organizationId: string;
  locationId: string;
  seatId: string | null;
  idpUserId: string;
  userId: string | null;
  role: string | null;
  status: string;
  gender: string | null;
  yoe: number | null;
  totalReviews: number | null;
  averageRatings: number | null;
  assignedAt: number;
  assignedBy: string | null;
  createdAt: number;
  updatedAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    saloonMembers: SaloonMembersTable;
  }
}
