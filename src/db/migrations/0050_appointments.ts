import { type Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

/**
 * Appointments and the doctors' reserved time. `startMinute` / `endMinute` are the booked interval
 * on the wall clock as local minutes since 1970-01-01 00:00 (days x 1440 + minutes of the day):
 * two intervals of one doctor overlap when each starts before the other ends, across midnight too.
 * Money (consultationFee, amountPaid) is integer minor units. A gateway payment pays at most one
 * appointment (unique gatewayPaymentId; NULLs are distinct on both databases).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('appointments'))
    .addColumn('organizationBranchId', col.text)
    .addColumn('patientId', col.id, notNull)
    .addColumn('doctorId', col.id, notNull)
    .addColumn('serviceId', col.id)
    .addColumn('scheduledDate', col.text, notNull)
    .addColumn('scheduledTime', col.text, notNull)
    .addColumn('duration', col.int, notNull)
    .addColumn('startMinute', col.ts, notNull)
    .addColumn('endMinute', col.ts, notNull)
    .addColumn('type', col.text)
    .addColumn('status', col.text, notNull)
    .addColumn('reason', col.text)
    .addColumn('notes', col.text)
    .addColumn('rescheduleReason', col.text)
    .addColumn('cancelledAt', col.ts)
    .addColumn('cancelledReason', col.text)
    .addColumn('consultationFee', col.ts)
    .addColumn('paymentStatus', col.text)
    .addColumn('amountPaid', col.ts)
    .addColumn('paidAt', col.ts)
    .addColumn('paymentMethod', col.text)
    .addColumn('gateway', col.text)
    .addColumn('gatewayOrderId', col.text)
    .addColumn('gatewayPaymentId', col.text, (c) => c.unique())
    .addColumn('checkoutSessionId', col.text)
    .addColumn('holdExpiresAt', col.ts)
    .addColumn('isPreConsultationCompleted', col.bool)
    .addColumn('followUpDate', col.text)
    .addColumn('followUpStatus', col.text)
    .addColumn('followUpNotificationSent', col.bool)
    .addColumn('callJoinNotifiedAt', col.ts)
    .addColumn('patientJoinedAt', col.ts)
    .addColumn('history', col.json)
    .execute();
  await db.schema.createIndex('appointments_doctor_start').on('appointments').columns(['doctorId', 'startMinute']).execute();
  await db.schema.createIndex('appointments_org_start').on('appointments').columns(['organizationId', 'startMinute']).execute();
  await db.schema.createIndex('appointments_org_patient').on('appointments').columns(['organizationId', 'patientId', 'startMinute']).execute();

  await orgRecord(db.schema.createTable('doctorReservedSlots'))
    .addColumn('doctorId', col.id, notNull)
    .addColumn('slotDate', col.text, notNull)
    .addColumn('startTime', col.text, notNull)
    .addColumn('endTime', col.text, notNull)
    .addColumn('startMinute', col.ts, notNull)
    .addColumn('endMinute', col.ts, notNull)
    .addColumn('createdBy', col.text)
    .execute();
  await db.schema.createIndex('doctorReservedSlots_doctor_start').on('doctorReservedSlots').columns(['doctorId', 'startMinute']).execute();
}
