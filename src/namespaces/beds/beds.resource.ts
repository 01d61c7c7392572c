import { member } from '../../operations/audience.ts';
import { z } from 'zod';
import { AppError, validationFailed } from '../../values/errors.ts';
import { id, reqStr } from '../../values/fields.ts';
import type { Context } from '../../operations/operation.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { findRoom, referencesToBed } from './beds.checks.ts';
import { findWard } from '../wards/wards.public.ts';

export type BedRecord = ResourceRecord<'beds'>;

export const BED_STATUSES = ['AVAILABLE', 'OCCUPIED', 'RESERVED', 'CLEANING', 'MAINTENANCE'] as const;
export type BedStatus = (typeof BED_STATUSES)[number];

/** A bed status, matched case-insensitively and stored in upper case. The set is closed: availability depends on it. */
export const bedStatus = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(BED_STATUSES, { error: `must be one of: ${BED_STATUSES.join(', ')}` }));


/** The room must be the organization's and in the bed's ward; checked when either changes. */
async function checkPlace(record: BedRecord, ctx: Context, current: BedRecord | undefined): Promise<void> {
  if (record.wardId === current?.wardId && record.roomId === current?.roomId) return;
  const room = await findRoom(ctx.db, record.organizationId, record.roomId);
  if (!room) throw validationFailed('roomId', 'no such room in this organization');
  if (room.wardId !== record.wardId) throw validationFailed('wardId', 'must be the ward of the room');
}

/** What an occupied bed keeps while an admission holds it. */
const OCCUPANCY_FIELDS = ['status', 'currentAdmissionId', 'roomId', 'wardId', 'isActive'] as const;

/**
 * Status and currentAdmissionId are the admissions' to set while a bed is occupied, so no edit here
 * can contradict an admission (docs/admissions.md, "What beds.create / beds.update may do"):
 * - an OCCUPIED bed keeps its status, admission, room and ward and stays active;
 * - no bed is made OCCUPIED by hand: an admission given the bed does that;
 * - only a RESERVED bed names an admission, one of this organization that has not ended; leaving
 *   RESERVED clears it.
 */
async function checkOccupancy(record: BedRecord, ctx: Context, current: BedRecord | undefined): Promise<BedRecord> {
  if (current?.status === 'OCCUPIED') {
    const changed = OCCUPANCY_FIELDS.filter((k) => record[k] !== current[k]);
    if (changed.length > 0) {
      throw new AppError(
        'INVALID_STATE',
        `the bed is occupied by admission ${String(current.currentAdmissionId)}: discharge the admission or move it to another bed before changing ${changed.join(', ')}`,
      );
    }
    return record;
  }
  if (record.status === 'OCCUPIED') {
    throw new AppError('INVALID_STATE', 'a bed becomes OCCUPIED only when an admission is given it (admissions.create or update with bedId)');
  }
  const admissionId = record.currentAdmissionId;
  if (admissionId === null) return record;
  if (record.status !== 'RESERVED') {
    if (admissionId === current?.currentAdmissionId) return { ...record, currentAdmissionId: null };
    throw new AppError('INVALID_STATE', 'only a RESERVED bed names an admission (currentAdmissionId)');
  }
  if (admissionId !== current?.currentAdmissionId) {
    const admission = await ctx.db
      .selectFrom('admissions')
      .select('status')
      .where('organizationId', '=', record.organizationId)
      .where('id', '=', admissionId)
      .executeTakeFirst();
    if (!admission) throw validationFailed('currentAdmissionId', 'no such admission in this organization');
    if (admission.status === 'DISCHARGED' || admission.status === 'CANCELLED') {
      throw new AppError('INVALID_STATE', `a bed cannot be reserved for a ${admission.status} admission`);
    }
  }
  return record;
}

/**
 * Beds of a room. `bedNumber` is unique within its room. Status and the admission it holds follow
 * the admissions (src/namespaces/beds/beds.occupancy.ts); see checkOccupancy for what an edit may do.
 * update is written by hand (it locks the row first, see update.ts).
 */
export const beds = defineResource({
  namespace: 'beds', audience: member(),
  table: 'beds',
  noun: 'bed',
  scope: 'organization',
  generate: ['create', 'getById', 'delete', 'list'],
  fields: {
    wardId: { kind: 'string', required: true, schema: id() },
    roomId: { kind: 'string', required: true, schema: id() },
    bedNumber: { kind: 'string', required: true, schema: reqStr().max(32) },
    displayName: { kind: 'string', required: true, schema: reqStr().max(200) },
    status: { kind: 'string', schema: bedStatus(), default: 'AVAILABLE' },
    currentAdmissionId: { kind: 'string', schema: id() },
    isActive: { kind: 'bool', default: true },
  },
  listFilters: ['wardId', 'roomId', 'status', 'isActive'],
  listReferences: { wardId: { noun: 'ward', find: findWard }, roomId: { noun: 'room', find: findRoom } },
  listSearch: ['bedNumber', 'displayName'],
  async prepare(record, ctx, current) {
    await checkPlace(record, ctx, current);
    const filled = { ...record, status: record.status ?? 'AVAILABLE', isActive: record.isActive ?? true };
    return checkOccupancy(filled, ctx, current);
  },
  async beforeDelete(ctx, record) {
    if (record.status === 'OCCUPIED') {
      throw new AppError('INVALID_STATE', `the bed is occupied by admission ${String(record.currentAdmissionId)}: discharge or move it first`);
    }
    const admission = await referencesToBed(ctx.db, record.organizationId, record.id);
    if (admission) throw new AppError('INVALID_STATE', `admissions refer to this bed (admission ${admission}): deactivate it (isActive false) instead`);
  },
});

export const asBed = (record: BedRecord) => record;
