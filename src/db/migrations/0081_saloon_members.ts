import { type Kysely, sql } from 'kysely';
import { col, notNull, orgRecord } from './columns.ts';

/**
 * Salon members: a user of the organization placed at a location (and a seat there). At most one
 * active member (status `active`, any letter case) per seat of a location: a partial unique index,
 * which both databases support, so two concurrent assignments of one seat cannot both succeed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orgRecord(db.schema.createTable('saloonMembers'))
    .addColumn('locationId', col.text, notNull)
    .addColumn('seatId', col.text)
    .addColumn('idpUserId', col.text, notNull)
    .addColumn('userId', col.text)
    .addColumn('role', col.text)
    .addColumn('status', col.text, notNull)
    .addColumn('gender', col.text)
    .addColumn('yoe', col.int)
    .addColumn('totalReviews', col.int)
    .addColumn('averageRatings', col.real)
    .addColumn('assignedAt', col.ts, notNull)
    .addColumn('assignedBy', col.text)
    .execute();
  await db.schema
    .createIndex('saloonMembers_active_seat')
    .on('saloonMembers')
    .columns(['organizationId', 'locationId', 'seatId'])
    .unique()
    .where(sql.ref('seatId'), 'is not', null)
    .where(sql`lower(${sql.ref('status')})`, '=', 'active')
    .execute();
  await db.schema.createIndex('saloonMembers_org_created').on('saloonMembers').columns(['organizationId', 'createdAt']).execute();
  await db.schema.createIndex('saloonMembers_org_idp').on('saloonMembers').columns(['organizationId', 'idpUserId']).execute();
}
