import { sql, type Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

/**
 * Beds, admissions, their log and their charges (docs/admissions.md).
 *
 * - beds: in a room of a ward (foreign keys); the bed number is unique within its room.
 *   `currentAdmissionId` names the admission that occupies (or a reservation is for) the bed.
 * - admissions: patient, ward, room and bed by foreign key, so none of them can be deleted while an
 *   admission refers to it. At most one admission that is not DISCHARGED or CANCELLED holds a bed:
 *   a partial unique index backs the conditional bed claim in the code.
 * - admissionLogs: the event trail of an admission; `source` tells the rows the admissions workflow
 *   wrote (`system`, immutable) from those written through admissionLogs.create (`manual`).
 * - admissionCharges: money in integer minor units, tax in basis points. A reference
 *   (referenceType, referenceId) is charged at most once among charges that are not voided: a
 *   partial unique index, the same on both databases (NULL references never clash).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('beds'))
    .addColumn('wardId', col.id, (c) => c.notNull().references('wards.id'))
    .addColumn('roomId', col.id, (c) => c.notNull().references('rooms.id'))
    .addColumn('bedNumber', col.text, notNull)
    .addColumn('displayName', col.text, notNull)
    .addColumn('status', col.text, (c) => c.notNull().defaultTo('AVAILABLE'))
    .addColumn('currentAdmissionId', col.id)
    .addColumn('isActive', col.bool, (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('beds_room_number', ['roomId', 'bedNumber'])
    .execute();
  await db.schema.createIndex('beds_org_created').on('beds').columns(['organizationId', 'createdAt']).execute();
  await db.schema.createIndex('beds_ward').on('beds').columns(['wardId', 'status']).execute();
  await db.schema.createIndex('beds_admission').on('beds').column('currentAdmissionId').execute();

  await orgRecord(db.schema.createTable('admissions'))
    .addColumn('patientId', col.id, (c) => c.notNull().references('patients.id'))
    .addColumn('admittingDoctorId', col.id, notNull)
    .addColumn('appointmentId', col.id)
    .addColumn('consultationId', col.id)
    .addColumn('status', col.text, notNull)
    .addColumn('admissionReason', col.text, notNull)
    .addColumn('admissionNotes', col.text)
    .addColumn('requestedAt', col.ts, notNull)
    .addColumn('wardId', col.id, (c) => c.references('wards.id'))
    .addColumn('roomId', col.id, (c) => c.references('rooms.id'))
    .addColumn('bedId', col.id, (c) => c.references('beds.id'))
    .addColumn('admittedAt', col.ts)
    .addColumn('confirmedByUserId', col.id)
    .addColumn('dischargingDoctorId', col.id)
    .addColumn('dischargeReason', col.text)
    .addColumn('dischargeSummary', col.text)
    .addColumn('dischargeRequestedAt', col.ts)
    .addColumn('dischargedAt', col.ts)
    .addColumn('billingClearedByUserId', col.id)
    .addColumn('billingClearedAt', col.ts)
    .addColumn('advanceAmount', col.ts)
    .addColumn('advancePaymentMethod', col.text)
    .addColumn('advanceTransactionId', col.text)
    .addColumn('advancePaidAt', col.ts)
    .addColumn('advanceCollectedByUserId', col.id)
    .addColumn('firstCareStartedByNurseId', col.id)
    .addColumn('firstCareStartedAt', col.ts)
    .addColumn('cancelledAt', col.ts)
    .addColumn('cancelledByUserId', col.id)
    .execute();
  await db.schema.createIndex('admissions_org_created').on('admissions').columns(['organizationId', 'createdAt']).execute();
  await db.schema.createIndex('admissions_org_status').on('admissions').columns(['organizationId', 'status']).execute();
  await db.schema.createIndex('admissions_doctor').on('admissions').columns(['admittingDoctorId', 'createdAt']).execute();
  await db.schema.createIndex('admissions_patient').on('admissions').columns(['organizationId', 'patientId']).execute();
  await db.schema
    .createIndex('admissions_active_bed')
    .unique()
    .on('admissions')
    .column('bedId')
    .where(sql<boolean>`${sql.ref('bedId')} is not null and ${sql.ref('status')} not in ('DISCHARGED', 'CANCELLED')`)
    .execute();

  await orgRecord(db.schema.createTable('admissionLogs'))
    .addColumn('admissionId', col.id, (c) => c.notNull().references('admissions.id'))
    .addColumn('patientId', col.id, notNull)
    .addColumn('event', col.text, notNull)
    .addColumn('performedByUserId', col.id)
    .addColumn('performedByRole', col.text)
    .addColumn('notes', col.text)
    .addColumn('source', col.text, (c) => c.notNull().defaultTo('manual'))
    .execute();
  await db.schema.createIndex('admissionLogs_admission').on('admissionLogs').columns(['admissionId', 'createdAt']).execute();
  await db.schema.createIndex('admissionLogs_org_created').on('admissionLogs').columns(['organizationId', 'createdAt']).execute();

  await orgRecord(db.schema.createTable('admissionCharges'))
    .addColumn('admissionId', col.id, (c) => c.notNull().references('admissions.id'))
    .addColumn('patientId', col.id, notNull)
    .addColumn('serviceId', col.id, notNull)
    .addColumn('serviceName', col.text, notNull)
    .addColumn('serviceCategory', col.text, notNull)
    .addColumn('chargeType', col.text, notNull)
    .addColumn('quantity', col.real, notNull)
    .addColumn('unitPrice', col.ts, notNull)
    .addColumn('subtotal', col.ts, notNull)
    .addColumn('taxPercent', col.int, notNull)
    .addColumn('taxAmount', col.ts, notNull)
    .addColumn('amount', col.ts, notNull)
    .addColumn('referenceType', col.text)
    .addColumn('referenceId', col.text)
    .addColumn('doctorId', col.id)
    .addColumn('notes', col.text)
    .addColumn('appliedByUserId', col.id, notNull)
    .addColumn('voidedAt', col.ts)
    .addColumn('voidedByUserId', col.id)
    .addColumn('voidReason', col.text)
    .execute();
  await db.schema.createIndex('admissionCharges_admission').on('admissionCharges').columns(['admissionId', 'createdAt']).execute();
  await db.schema.createIndex('admissionCharges_patient').on('admissionCharges').columns(['organizationId', 'patientId', 'createdAt']).execute();
  await db.schema
    .createIndex('admissionCharges_reference')
    .unique()
    .on('admissionCharges')
    .columns(['organizationId', 'admissionId', 'referenceType', 'referenceId'])
    .where(sql.ref('voidedAt'), 'is', null)
    .execute();
}
