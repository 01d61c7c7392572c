import { type Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

/**
 * Lab orders of an organization and their tests. A test is a row of its own (labOrderTests), so
 * that each test's status and who / when fields move on their own and can be queried; `position`
 * keeps the order's test list in the order it was given. Prices are integer minor units.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('labOrders'))
    .addColumn('patientId', col.id, notNull)
    .addColumn('selectedLabId', col.text)
    .addColumn('doctorId', col.id)
    .addColumn('consultationId', col.text)
    .addColumn('orderId', col.text)
    .addColumn('status', col.text, notNull)
    .addColumn('priority', col.text, notNull)
    .addColumn('notes', col.text)
    .addColumn('assignedTo', col.text)
    .addColumn('completedAt', col.ts)
    .addColumn('completedBy', col.text)
    .execute();
  await db.schema.createIndex('labOrders_org_created').on('labOrders').columns(['organizationId', 'createdAt']).execute();
  await db.schema.createIndex('labOrders_org_patient').on('labOrders').columns(['organizationId', 'patientId']).execute();

  await orgRecord(db.schema.createTable('labOrderTests'))
    .addColumn('labOrderId', col.id, (c) => c.notNull().references('labOrders.id'))
    .addColumn('position', col.int, notNull)
    .addColumn('name', col.text)
    .addColumn('code', col.text)
    .addColumn('serviceId', col.text)
    .addColumn('itemType', col.text)
    .addColumn('price', col.ts)
    .addColumn('quantity', col.int, notNull)
    .addColumn('reviewStatus', col.text)
    .addColumn('instructions', col.text)
    .addColumn('status', col.text, notNull)
    .addColumn('sampleCollectedAt', col.ts)
    .addColumn('sampleCollectedBy', col.text)
    .addColumn('sampleType', col.text)
    .addColumn('processingStartedAt', col.ts)
    .addColumn('processingStartedBy', col.text)
    .addColumn('completedAt', col.ts)
    .addColumn('completedBy', col.text)
    .addColumn('isExternal', col.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('externalLabName', col.text)
    .addColumn('externalMarkedAt', col.ts)
    .addColumn('externalResultUploadedAt', col.ts)
    .addUniqueConstraint('labOrderTests_order_position', ['labOrderId', 'position'])
    .execute();
  await db.schema.createIndex('labOrderTests_org_status').on('labOrderTests').columns(['organizationId', 'status']).execute();
}
