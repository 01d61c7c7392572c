import { type Kysely, sql } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('name', col.text, notNull)
    .addColumn('slug', col.text, (c) => c.unique())
    .addColumn('type', col.text)
    .addColumn('idpTeamId', col.text, (c) => c.unique())
    .addColumn('timezone', col.text)
    .addColumn('address', col.json)
    .addColumn('latitude', col.real)
    .addColumn('longitude', col.real)
    .addColumn('isActive', col.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();

  await db.schema
    .createTable('identities')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('email', col.text, (c) => c.unique())
    .addColumn('phone', col.text, (c) => c.unique())
    .addColumn('name', col.text)
    .addColumn('passwordHash', col.text)
    .addColumn('socialSubject', col.text, (c) => c.unique())
    .addColumn('isVerified', col.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('lastLoginAt', col.ts)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();

  await db.schema
    .createTable('oneTimeCodes')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('purpose', col.text, notNull)
    .addColumn('target', col.text, notNull)
    .addColumn('codeHash', col.text, notNull)
    .addColumn('attempts', col.int, (c) => c.notNull().defaultTo(0))
    .addColumn('expiresAt', col.ts, notNull)
    .addColumn('consumedAt', col.ts)
    .addColumn('createdAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('oneTimeCodes_target').on('oneTimeCodes').columns(['purpose', 'target']).execute();

  await db.schema
    .createTable('auditLog')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('at', col.ts, notNull)
    .addColumn('actorId', col.text)
    .addColumn('actorAddress', col.text)
    .addColumn('operation', col.text, notNull)
    .addColumn('recordId', col.text)
    .addColumn('organizationId', col.text)
    .addColumn('requestId', col.text)
    .execute();
  await db.schema.createIndex('auditLog_org_at').on('auditLog').columns(['organizationId', 'at']).execute();
  await db.schema.createIndex('auditLog_actor_at').on('auditLog').columns(['actorId', 'at']).execute();
  await db.schema.createIndex('auditLog_record').on('auditLog').column('recordId').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('idpUserId', col.text, notNull)
    .addColumn('organizationId', col.id)
    .addColumn('organizationBranchIds', col.json)
    .addColumn('email', col.text, notNull)
    .addColumn('title', col.text)
    .addColumn('displayName', col.text)
    .addColumn('avatarUrl', col.text)
    .addColumn('role', col.text, notNull)
    .addColumn('roles', col.json, notNull)
    .addColumn('isActive', col.bool)
    .addColumn('isBlocked', col.bool)
    .addColumn('blockedAt', col.ts)
    .addColumn('blockedBy', col.text)
    .addColumn('lastLoginAt', col.ts)
    .addColumn('isVerified', col.bool)
    .addColumn('verifiedAt', col.ts)
    .addColumn('verifiedBy', col.text)
    .addColumn('gender', col.text)
    .addColumn('yoe', col.int)
    .addColumn('totalReviews', col.int)
    .addColumn('averageRatings', col.real)
    .addColumn('onboardingStatus', col.text)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();
  // A platform-level user has no organization; NULLs are distinct in unique indexes, so key on ''.
  await sql`create unique index users_idp_org on users ("idpUserId", coalesce("organizationId", ''))`.execute(db);
  await db.schema.createIndex('users_org_created').on('users').columns(['organizationId', 'createdAt']).execute();

  await orgRecord(db.schema.createTable('tokenCounters'))
    .addColumn('date', col.text, notNull)
    .addColumn('prefix', col.text, notNull)
    .addColumn('lastSequence', col.int, notNull)
    .addUniqueConstraint('tokenCounters_org_date_prefix', ['organizationId', 'date', 'prefix'])
    .execute();

  await orgRecord(db.schema.createTable('hrmAttendance'))
    .addColumn('employeeId', col.text, notNull)
    .addColumn('attendanceDate', col.text, notNull)
    .addColumn('firstCheckIn', col.text)
    .addColumn('lastCheckOut', col.text)
    .addColumn('workedMinutes', col.int)
    .addColumn('lateMinutes', col.int)
    .addColumn('shiftId', col.text)
    .addColumn('status', col.text, notNull)
    .addColumn('source', col.text)
    .addColumn('remarks', col.text)
    .addColumn('approvedBy', col.text)
    .addColumn('approvedAt', col.text)
    .execute();
  await db.schema.createIndex('hrmAttendance_org_date').on('hrmAttendance').columns(['organizationId', 'attendanceDate']).execute();
}
