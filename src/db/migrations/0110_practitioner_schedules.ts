import { type Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

/**
 * A doctor's weekly working hours (practitionerSchedules namespace, docs/scheduling.md): the
 * weekly ranges and the exceptions are JSON; findSlots and the booking check read one doctor's
 * few schedules through (doctorId, validFrom).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('practitionerSchedules'))
    .addColumn('doctorId', col.id, notNull)
    .addColumn('organizationBranchId', col.id)
    .addColumn('serviceId', col.id)
    .addColumn('slotMinutes', col.int, notNull)
    .addColumn('validFrom', col.text, notNull)
    .addColumn('validTo', col.text)
    .addColumn('weeklyHours', col.json, notNull)
    .addColumn('exceptions', col.json, notNull)
    .execute();
  await db.schema.createIndex('practitionerSchedules_doctor_from').on('practitionerSchedules').columns(['doctorId', 'validFrom']).execute();
  await db.schema.createIndex('practitionerSchedules_org_service').on('practitionerSchedules').columns(['organizationId', 'serviceId']).execute();
  await db.schema.createIndex('practitionerSchedules_org_created').on('practitionerSchedules').columns(['organizationId', 'createdAt']).execute();
}
