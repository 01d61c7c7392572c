import { type Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

/**
 * Pre-consultation forms: a patient's answers for one department before an appointment.
 * `departmentKey` is the department name normalised (trimmed, inner whitespace collapsed, lower
 * case) so that one appointment has at most one form per department whatever the spelling; it is
 * never shown in a record. `answers` is the JSON object as given (text). The appointment
 * reference is a foreign key without cascade: an appointment with forms cannot be deleted until
 * its forms are (the answers are clinical data and are not removed as a side effect).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('preConsultationForms'))
    .addColumn('appointmentId', col.id, (c) => c.notNull().references('appointments.id'))
    .addColumn('idpUserId', col.text, notNull)
    .addColumn('departmentName', col.text, notNull)
    .addColumn('departmentKey', col.text, notNull)
    .addColumn('answers', col.json, notNull)
    .addColumn('status', col.text, notNull)
    .addColumn('submittedAt', col.ts)
    .addUniqueConstraint('preConsultationForms_appointment_department', ['organizationId', 'appointmentId', 'departmentKey'])
    .execute();
  await db.schema
    .createIndex('preConsultationForms_org_created')
    .on('preConsultationForms')
    .columns(['organizationId', 'createdAt'])
    .execute();
  await db.schema.createIndex('preConsultationForms_appointment').on('preConsultationForms').columns(['appointmentId', 'status']).execute();
}
