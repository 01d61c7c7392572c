import { type Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

/**
 * An organization's wards, its billable services, and rooms (in a ward, with a bed-type service).
 * Rooms refer to wards and services by foreign key: the operations check the references (same
 * organization, category `bed`) and refuse deletes while referenced; the keys make the database
 * hold that even against a concurrent delete. Money is integer minor units, percentages basis points.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('wards'))
    .addColumn('name', col.text, notNull)
    .addColumn('code', col.text)
    .addColumn('floor', col.text)
    .addColumn('description', col.text)
    .addColumn('isActive', col.bool, (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('wards_org_code', ['organizationId', 'code'])
    .execute();
  await db.schema.createIndex('wards_org_created').on('wards').columns(['organizationId', 'createdAt']).execute();

  await orgRecord(db.schema.createTable('services'))
    .addColumn('name', col.text, notNull)
    .addColumn('category', col.text, notNull)
    .addColumn('code', col.text)
    .addColumn('price', col.ts, notNull)
    .addColumn('taxPercent', col.int, (c) => c.notNull().defaultTo(0))
    .addColumn('doctorId', col.id)
    .addColumn('isActive', col.bool, (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('services_org_code', ['organizationId', 'code'])
    .execute();
  await db.schema.createIndex('services_org_created').on('services').columns(['organizationId', 'createdAt']).execute();
  await db.schema.createIndex('services_org_category').on('services').columns(['organizationId', 'category']).execute();
  await db.schema.createIndex('services_org_doctor').on('services').columns(['organizationId', 'doctorId']).execute();

  await orgRecord(db.schema.createTable('rooms'))
    .addColumn('wardId', col.id, (c) => c.notNull().references('wards.id'))
    .addColumn('roomNumber', col.text, notNull)
    .addColumn('name', col.text)
    .addColumn('bedTypeServiceId', col.id, (c) => c.references('services.id'))
    .addColumn('isActive', col.bool, (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('rooms_ward_number', ['wardId', 'roomNumber'])
    .execute();
  await db.schema.createIndex('rooms_org_created').on('rooms').columns(['organizationId', 'createdAt']).execute();
  await db.schema.createIndex('rooms_bed_service').on('rooms').column('bedTypeServiceId').execute();
}
