import { member } from '../../operations/audience.ts';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { AppError, validationFailed } from '../../values/errors.ts';
import { id, idpUserId } from '../../values/fields.ts';
import type { Context } from '../../operations/operation.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { activeAtSeat, userOf } from './saloonMembers.repo.ts';
import type { SaloonMembersTable } from './saloonMembers.table.ts';

export type MemberRecord = ResourceRecord<'saloonMembers'>;

/** The status a member gets when none is given (and when null is given: the column is never empty). */
export const ACTIVE = 'active';

const label = () => z.string().trim().max(100);
/** The largest count the totalReviews column (a 32-bit integer on PostgreSQL) holds. */
export const MAX_REVIEWS = 2_147_483_647;

/** The record as the API shows it (status is any text; `active` in any letter case holds the seat). */
export type SaloonMemberRecord = Omit<Selectable<SaloonMembersTable>, 'userId'> & {
  /** the users record id of idpUserId in the organization */
  userId: string;
};

const isActive = (record: MemberRecord) => typeof record.status === 'string' && record.status.toLowerCase() === ACTIVE;
const changed = (record: MemberRecord, current: MemberRecord | undefined, fields: (keyof MemberRecord)[]) => !current || fields.some((f) => record[f] !== current[f]);

/**
 * The member is one of the organization's users: idpUserId must have a users record there
 * (VALIDATION_FAILED otherwise) and userId is that record's id (filled in; another id is
 * VALIDATION_FAILED). A seat of a location holds one active member (CONFLICT, named here; the
 * partial unique index decides under concurrency). assignedAt / assignedBy are stamped (now, the
 * caller's idpUserId) on create and when the member moves to another location or seat, unless given.
 */
async function prepare(record: MemberRecord, ctx: Context, current?: MemberRecord): Promise<MemberRecord> {
  const organizationId = record.organizationId;
  record.status ??= ACTIVE;
  if (changed(record, current, ['idpUserId', 'userId'])) {
    const user = await userOf(ctx.db, organizationId, record.idpUserId);
    if (!user) throw validationFailed('idpUserId', 'must be the idpUserId of a user of this organization');
    // A userId kept from before a change of idpUserId is re-derived, one given must match.
    const given = current && record.userId === current.userId ? null : record.userId;
    if (given !== null && given !== user.id) {
      throw validationFailed('userId', 'must be the users record id of idpUserId in this organization (or omitted)');
    }
    record.userId = user.id;
  }
  const seatId = record.seatId;
  if (seatId !== null && isActive(record) && (!current || !isActive(current) || changed(record, current, ['locationId', 'seatId']))) {
    const holder = await activeAtSeat(ctx.db, organizationId, record.locationId, seatId, current?.id);
    if (holder) throw new AppError('CONFLICT', `seat ${seatId} at location ${String(record.locationId)} already has an active member (${holder.id})`);
  }
  const caller = ctx.caller.kind === 'user' ? ctx.caller.idpUserId : null;
  const moved = current !== undefined && changed(record, current, ['locationId', 'seatId']);
  if (record.assignedAt === null || (moved && record.assignedAt === current.assignedAt)) record.assignedAt = ctx.now();
  if (!current) record.assignedBy ??= caller;
  else if (moved && record.assignedBy === current.assignedBy) record.assignedBy = caller;
  return record;
}

/**
 * Salon members: the organization's users placed at a location and seat. All five plain operations
 * are generated (listByOrganization filters by locationId, seatId, idpUserId and status, exact);
 * listUnassignedSalonUsers is written by hand.
 */
export const saloonMembers = defineResource({
  namespace: 'saloonMembers', audience: member(),
  table: 'saloonMembers',
  scope: 'organization',
  clientTimestamps: true,
  fields: {
    locationId: { kind: 'string', required: true, schema: id() },
    seatId: { kind: 'string', schema: id() },
    idpUserId: { kind: 'string', required: true, schema: idpUserId() },
    userId: { kind: 'string', schema: id() },
    role: { kind: 'string', schema: label() },
    status: { kind: 'string', schema: z.string().trim().min(1, 'must not be empty').max(64), default: ACTIVE },
    gender: { kind: 'string', schema: label() },
    yoe: { kind: 'int', schema: z.int().min(0).max(100) },
    totalReviews: { kind: 'int', schema: z.int().min(0).max(MAX_REVIEWS) },
    averageRatings: { kind: 'number', schema: z.number().min(0) },
    assignedAt: { kind: 'ts' },
    assignedBy: { kind: 'string', schema: idpUserId() },
  },
  listFilters: ['locationId', 'seatId', 'idpUserId', 'status'],
  prepare,
});
