import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { pageOfQuery } from '../../db/paged-list.ts';
import type { Page } from '../../values/paging.ts';
import { users, type UserRecord } from '../users/users.public.ts';

/** Query functions of saloonMembers; each takes the handle (`db` or the transaction) first. */

/** The organization's users record of a person, if any, once the person has accepted it (an invitation binds nobody to a seat). */
export async function userOf(db: Db, organizationId: string, idpUserId: string) {
  return db
    .selectFrom('users')
    .select(['id'])
    .where('organizationId', '=', organizationId)
    .where('idpUserId', '=', idpUserId)
    .where('invitationStatus', '=', 'accepted')
    .executeTakeFirst();
}

/** The active member (status `active`, any letter case) at a seat of a location, other than `exceptId`. */
export async function activeAtSeat(db: Db, organizationId: string, locationId: string, seatId: string, exceptId: string | undefined) {
  let query = db
    .selectFrom('saloonMembers')
    .select(['id', 'idpUserId'])
    .where('organizationId', '=', organizationId)
    .where('locationId', '=', locationId)
    .where('seatId', '=', seatId)
    .where(sql<boolean>`lower(${sql.ref('status')}) = 'active'`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/**
 * The organization's users without any saloonMembers row of the organization (whatever its status)
 * carrying their idpUserId, newest first, as users records.
 */
export async function pageUnassigned(db: Db, organizationId: string, page: number, pageSize: number): Promise<Page<UserRecord>> {
  const query = db
    .selectFrom('users')
    .where('users.organizationId', '=', organizationId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('saloonMembers')
            .select('saloonMembers.id')
            .whereRef('saloonMembers.idpUserId', '=', 'users.idpUserId')
            .where('saloonMembers.organizationId', '=', organizationId),
        ),
      ),
    );
  const rows = query.selectAll('users').orderBy('users.createdAt', 'desc').orderBy('users.id', 'desc');
  return pageOfQuery(db, ['users', 'saloonMembers'], query, rows, page, pageSize, users.repo.toRecord, users.repo.freeForm);
}
