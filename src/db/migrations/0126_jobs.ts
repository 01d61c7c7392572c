import { sql, type Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * The job runner (src/background/, docs/scheduling.md "Jobs"): one row per job holding its schedule and
 * lease (so that with several processes each due run happens once), one row per run; and the
 * reminders already sent per appointment and offset, so that each goes once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('name', col.text, (c) => c.primaryKey())
    .addColumn('nextRunAt', col.ts, notNull)
    .addColumn('leasedBy', col.text)
    .addColumn('leaseUntil', col.ts)
    .addColumn('failures', col.int, (c) => c.notNull().defaultTo(0))
    .addColumn('lastRunAt', col.ts)
    .addColumn('lastOutcome', col.text)
    .addColumn('lastError', col.text)
    .addColumn('lastItems', col.int)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();
  await db.schema
    .createTable('jobRuns')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('job', col.text, notNull)
    .addColumn('runner', col.text, notNull)
    .addColumn('startedAt', col.ts, notNull)
    .addColumn('finishedAt', col.ts, notNull)
    .addColumn('outcome', col.text, notNull)
    .addColumn('items', col.int, notNull)
    .addColumn('error', col.text)
    .execute();
  await db.schema.createIndex('jobRuns_job_started').on('jobRuns').columns(['job', 'startedAt']).execute();
  await db.schema
    .createTable('appointmentReminders')
    .addColumn('appointmentId', col.id, notNull)
    .addColumn('offsetMinutes', col.int, notNull)
    .addColumn('organizationId', col.id, notNull)
    .addColumn('sentAt', col.ts, notNull)
    .addColumn('notificationId', col.id)
    .addPrimaryKeyConstraint('appointmentReminders_pk', ['appointmentId', 'offsetMinutes'])
    .execute();
  // what the reminders, automatic no-show and follow-up jobs read, across organizations
  await db.schema.createIndex('appointments_start').on('appointments').columns(['startMinute', 'id']).execute();
  await db.schema.createIndex('appointments_open_end').on('appointments').column('endMinute').where(sql.ref('stage'), 'in', ['scheduled', 'confirmed']).execute();
  await db.schema.createIndex('appointments_follow_up').on('appointments').column('followUpDate').where(sql.ref('followUpDate'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('appointments_follow_up').execute();
  await db.schema.dropIndex('appointments_open_end').execute();
  await db.schema.dropIndex('appointments_start').execute();
  await db.schema.dropTable('appointmentReminders').execute();
  await db.schema.dropTable('jobRuns').execute();
  await db.schema.dropTable('jobs').execute();
}
