/**
 * Table row types as stored. Booleans read back as 0/1 on SQLite and JSON columns are text on
 * both databases: records are mapped from rows in one place (src/rpc/record.ts).
 */
export type Bool = boolean | number;
export type Json = string;

export interface OrganizationsTable {
  id: string;
  name: string;
  slug: string | null;
  type: string | null;
  idpTeamId: string | null;
  timezone: string | null;
  address: Json | null;
  latitude: number | null;
  longitude: number | null;
  isActive: Bool;
  createdAt: number;
  updatedAt: number;
}

/** A person who can sign in: the service's own identity provider. `id` is the token's `sub` and every user record's idpUserId. */
export interface IdentitiesTable {
  id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  passwordHash: string | null;
  socialSubject: string | null;
  isVerified: Bool;
  lastLoginAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface OneTimeCodesTable {
  id: string;
  purpose: 'otp' | 'password_reset';
  /** The mobile number (otp) or identity id (password_reset) the code was issued for. */
  target: string;
  codeHash: string;
  attempts: number;
  expiresAt: number;
  consumedAt: number | null;
  createdAt: number;
}

export interface AuditLogTable {
  id: string;
  at: number;
  actorId: string | null;
  actorAddress: string | null;
  operation: string;
  recordId: string | null;
  organizationId: string | null;
  requestId: string | null;
}

export interface UsersTable {
  id: string;
  idpUserId: string;
  organizationId: string | null;
  organizationBranchIds: Json | null;
  email: string;
  title: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  role: string;
  roles: Json;
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

export interface TokenCountersTable {
  id: string;
  organizationId: string;
  date: string;
  prefix: string;
  lastSequence: number;
  createdAt: number;
  updatedAt: number;
}

export interface HrmAttendanceTable {
  id: string;
  organizationId: string;
  employeeId: string;
  attendanceDate: string;
  firstCheckIn: string | null;
  lastCheckOut: string | null;
  workedMinutes: number | null;
  lateMinutes: number | null;
  shiftId: string | null;
  status: string;
  source: string | null;
  remarks: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface Database {
  organizations: OrganizationsTable;
  identities: IdentitiesTable;
  oneTimeCodes: OneTimeCodesTable;
  auditLog: AuditLogTable;
  users: UsersTable;
  tokenCounters: TokenCountersTable;
  hrmAttendance: HrmAttendanceTable;
}
