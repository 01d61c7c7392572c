import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { readPage } from '../../db/paged-list.ts';
import type { Database } from '../../db/schema.ts';
import { offsetOf, pageOf, type Page } from '../../values/paging.ts';
import type { ResourceInput } from '../../resources/resource.ts';
import { notFound } from '../../values/errors.ts';
import { found } from '../../values/found.ts';
import { pushDevices, type DeviceRecord } from './pushDevices.resource.ts';

/**
 * A device is in an organization when its owner (idpUserId) has an accepted user record there (an
 * invitation is not yet a membership): every
 * organization query goes through this EXISTS on users (idpUserId, organizationId).
 */
function inOrganization(db: Db, organizationId: string) {
  return db.selectFrom('pushDevices').where((eb) => eb.exists(ownerRecordIn(eb, organizationId)));
}

/** The device owner's user records in the organization (for an EXISTS on pushDevices). */
function ownerRecordIn(eb: ExpressionBuilder<Database, 'pushDevices'>, organizationId: string) {
  return eb
    .selectFrom('users')
    .select('users.id')
    .whereRef('users.idpUserId', '=', 'pushDevices.idpUserId')
    .where('users.organizationId', '=', organizationId)
    .where('users.invitationStatus', '=', 'accepted');
}

const toRecord = pushDevices.repo.toRecord;

export async function findInOrganization(db: Db, organizationId: string, deviceId: string): Promise<DeviceRecord | undefined> {
  const row = await inOrganization(db, organizationId).selectAll('pushDevices').where('pushDevices.id', '=', deviceId).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The device in the organization (its owner a member there); NOT_FOUND without it. */
export function getInOrganization(db: Db, organizationId: string, deviceId: string): Promise<DeviceRecord> {
  return found(findInOrganization(db, organizationId, deviceId), 'push device');
}

export async function pageInOrganization(db: Db, organizationId: string, pageNo: number, pageSize: number): Promise<Page<DeviceRecord>> {
  const query = inOrganization(db, organizationId);
  const [rows, count] = await Promise.all([
    readPage(db, query.selectAll('pushDevices').orderBy('pushDevices.createdAt', 'desc').orderBy('pushDevices.id', 'desc').limit(pageSize).offset(offsetOf(pageNo, pageSize)), pageSize, pushDevices.repo.freeForm),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(toRecord), Number(count.n), pageNo, pageSize);
}

/** Is this person a member of the organization (an accepted user record there)? */
export async function isMember(db: Db, organizationId: string, idpUserId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('idpUserId', '=', idpUserId)
    .where('organizationId', '=', organizationId)
    .where('invitationStatus', '=', 'accepted')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Registers a device by its token in one upsert: a token seen before updates that device (owner,
 * platform, lastSeenAt, active again, and the app details given) instead of adding a second row,
 * also when two registrations of one token race (the unique index serialises them).
 *
 * Without mayTakeOver the stored device is updated only when it already belongs to the owner
 * registering it or is inactive (`ON CONFLICT ... DO UPDATE ... WHERE`, checked against the row as
 * committed, so also under concurrency); otherwise nothing is written and the answer is undefined.
 */
export async function register(db: Db, record: DeviceRecord, given: ResourceInput<'pushDevices'>, mayTakeOver: boolean): Promise<DeviceRecord | undefined> {
  const refresh: Partial<DeviceRecord> = {
    idpUserId: record.idpUserId,
    platform: record.platform,
    isActive: record.isActive,
    invalidReason: record.invalidReason,
    lastSeenAt: record.lastSeenAt,
    updatedAt: record.updatedAt,
  };
  for (const key of ['deviceId', 'appVersion', 'locale', 'timezone'] as const) if (given[key] !== undefined) refresh[key] = given[key];
  const rows = await db
    .insertInto('pushDevices')
    .values(pushDevices.repo.toInsert(record))
    .onConflict((oc) => {
      const upsert = oc.column('providerPushToken').doUpdateSet(pushDevices.repo.toUpdate(refresh));
      return mayTakeOver
        ? upsert
        : upsert.where((eb) =>
            eb.or([eb('pushDevices.idpUserId', '=', eb.ref('excluded.idpUserId')), eb('pushDevices.isActive', '=', false)]),
          );
    })
    .returningAll()
    .execute();
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export async function patchDevice(db: Db, deviceId: string, changes: Partial<DeviceRecord>): Promise<DeviceRecord> {
  const rows = await db
    .updateTable('pushDevices')
    .set(pushDevices.repo.toUpdate(changes))
    .where('id', '=', deviceId)
    .returningAll()
    .execute();
  if (!rows[0]) throw notFound('push device');
  return toRecord(rows[0]);
}

/** Removes the device when it is in the organization; false when it is not (missing, or elsewhere). */
export async function removeDevice(db: Db, organizationId: string, deviceId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('pushDevices')
    .where('pushDevices.id', '=', deviceId)
    .where((eb) => eb.exists(ownerRecordIn(eb, organizationId)))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
