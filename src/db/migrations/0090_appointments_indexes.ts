import { type Kysely } from 'kysely';

/**
 * Indexes of appointments and doctorReservedSlots shaped after their queries (docs/appointments.md,
 * "Indexes"). Every list orders by (startMinute, id), so the indexes the lists walk end with those
 * two columns and a page (OFFSET included) is read along the index, without a sort; the doctor's
 * index leads with doctorId, the selective column, for the overlap check, the doctor's busy time
 * and the doctor's lists. They replace the indexes of 0050 that ended with startMinute (the id
 * tie-break needed a sort). appointments_org_start (organizationId, startMinute) stays: the
 * narrowest index that covers the organization's count (`total`), read about twice as fast as
 * the one with id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('appointments_org_patient').execute();
  await db.schema.dropIndex('appointments_doctor_start').execute();
  await db.schema.dropIndex('doctorReservedSlots_doctor_start').execute();

  await db.schema.createIndex('appointments_org_start_id').on('appointments').columns(['organizationId', 'startMinute', 'id']).execute();
  await db.schema.createIndex('appointments_org_patient_start_id').on('appointments').columns(['organizationId', 'patientId', 'startMinute', 'id']).execute();
  await db.schema.createIndex('appointments_doctor_start_id').on('appointments').columns(['doctorId', 'startMinute', 'id']).execute();
  await db.schema.createIndex('doctorReservedSlots_doctor_start_id').on('doctorReservedSlots').columns(['doctorId', 'startMinute', 'id']).execute();
}
