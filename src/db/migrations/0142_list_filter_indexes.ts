import type { Kysely } from 'kysely';

/**
 * Indexes for the receptionist's filters of the main lists (issue 26; docs/appointments.md,
 * "Indexes"; docs/admissions.md, "admissions lists"; docs/labs-and-content.md, "Lists"), each
 * leading with organizationId, so that a filter reads its own rows instead of the organization's:
 * - appointments by status (the stage), in the lists' order (startMinute, id);
 * - admissions by admission date (admittedAt);
 * - lab orders by ordering doctor and by status, newest first (createdAt).
 * The doctor, patient and date filters of appointments, the doctor and patient filters of
 * admissions and the patient and date filters of lab orders use indexes that were there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('appointments_org_stage_start_id').on('appointments').columns(['organizationId', 'stage', 'startMinute', 'id']).execute();
  await db.schema.createIndex('admissions_org_admitted').on('admissions').columns(['organizationId', 'admittedAt']).execute();
  await db.schema.createIndex('labOrders_org_doctor_created').on('labOrders').columns(['organizationId', 'doctorId', 'createdAt']).execute();
  await db.schema.createIndex('labOrders_org_status_created').on('labOrders').columns(['organizationId', 'status', 'createdAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['appointments_org_stage_start_id', 'admissions_org_admitted', 'labOrders_org_doctor_created', 'labOrders_org_status_created']) {
    await db.schema.dropIndex(name).execute();
  }
}
