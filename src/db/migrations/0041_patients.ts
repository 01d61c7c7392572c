import { type Kysely } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

/**
 * Patients of an organization. Mobile number and email are indexed, not unique: one family often
 * registers several patients under one parent's number. A person's own sign-in identity belongs to
 * at most one patient record per organization.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('patients'))
    .addColumn('name', col.text, notNull)
    .addColumn('dob', col.text)
    .addColumn('gender', col.text)
    .addColumn('mobileNumber', col.text)
    .addColumn('email', col.text)
    .addColumn('address', col.json)
    .addColumn('idpUserId', col.text)
    .addUniqueConstraint('patients_org_idp', ['organizationId', 'idpUserId'])
    .execute();
  await db.schema.createIndex('patients_org_created').on('patients').columns(['organizationId', 'createdAt']).execute();
  await db.schema.createIndex('patients_org_mobile').on('patients').columns(['organizationId', 'mobileNumber']).execute();
  await db.schema.createIndex('patients_org_email').on('patients').columns(['organizationId', 'email']).execute();
  await db.schema.createIndex('patients_idp').on('patients').column('idpUserId').execute();
}
