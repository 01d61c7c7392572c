import { sql, type Kysely } from 'kysely';
import { col, notNull } from './columns.ts';

/**
 * The waitlist (docs/appointments.md, "Waitlist"): patients waiting for a doctor's day, offered a
 * pending hold when time frees. `holdLapsedAt` marks a pending hold whose expiry has been acted on
 * (its time offered to the waitlist), so that it is acted on once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('appointmentWaitlist')
    .addColumn('id', col.id, (c) => c.primaryKey())
    .addColumn('organizationId', col.id, notNull)
    .addColumn('doctorId', col.id, notNull)
    .addColumn('patientId', col.id, notNull)
    .addColumn('serviceId', col.id)
    .addColumn('date', col.text, notNull)
    .addColumn('duration', col.int, notNull)
    .addColumn('type', col.text, notNull)
    .addColumn('notes', col.text)
    .addColumn('status', col.text, notNull)
    .addColumn('appointmentId', col.id)
    .addColumn('offeredAt', col.ts)
    .addColumn('createdAt', col.ts, notNull)
    .addColumn('updatedAt', col.ts, notNull)
    .execute();
  await db.schema.createIndex('appointmentWaitlist_day').on('appointmentWaitlist').columns(['organizationId', 'doctorId', 'date', 'status', 'createdAt']).execute();
  await db.schema.createIndex('appointmentWaitlist_patient').on('appointmentWaitlist').columns(['organizationId', 'patientId']).execute();
  await db.schema.createIndex('appointmentWaitlist_appointment').on('appointmentWaitlist').column('appointmentId').execute();
  await db.schema.alterTable('appointments').addColumn('holdLapsedAt', col.ts).execute();
  await db.schema
    .createIndex('appointments_lapsing_holds')
    .on('appointments')
    .column('holdExpiresAt')
    .where(sql.ref('stage'), '=', 'pending')
    .where(sql.ref('holdLapsedAt'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('appointments_lapsing_holds').execute();
  await db.schema.alterTable('appointments').dropColumn('holdLapsedAt').execute();
  await db.schema.dropTable('appointmentWaitlist').execute();
}
