import { type Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

/** A doctor's education (degrees) in an organization; doctorId is the doctor's users record id. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('doctorEducation'))
    .addColumn('doctorId', col.id, notNull)
    .addColumn('degree', col.text, notNull)
    .addColumn('institute', col.text)
    .addColumn('startYear', col.int)
    .addColumn('endYear', col.int)
    .addColumn('educationStatus', col.text)
    .execute();
  await db.schema.createIndex('doctorEducation_org_doctor').on('doctorEducation').columns(['organizationId', 'doctorId']).execute();
  await db.schema.createIndex('doctorEducation_org_created').on('doctorEducation').columns(['organizationId', 'createdAt']).execute();
}
