import type { Kysely } from 'kysely';

/**
 * One attendance record per employee per day in an organization: a second create (or an update
 * moving a record onto a taken day) is a uniqueness clash, which the core answers with CONFLICT.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('hrmAttendance_org_employee_date')
    .unique()
    .on('hrmAttendance')
    .columns(['organizationId', 'employeeId', 'attendanceDate'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('hrmAttendance_org_employee_date').execute();
}
