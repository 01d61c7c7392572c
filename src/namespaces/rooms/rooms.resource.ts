import { member } from '../../operations/audience.ts';
import { AppError, validationFailed } from '../../values/errors.ts';
import { id, reqStr } from '../../values/fields.ts';
import type { Context } from '../../operations/operation.ts';
import { matchingRows } from '../../db/queries/matching-rows.ts';
import { defineResource, type ResourceRecord } from '../../resources/resource.ts';
import { findService } from '../services/services.public.ts';
import { findWard } from '../wards/wards.public.ts';

export type RoomRecord = ResourceRecord<'rooms'>;

/** The bed number of a bed in the room, if any. */
async function bedInRoom(ctx: Context, record: RoomRecord): Promise<string | undefined> {
  const bed = await matchingRows(ctx.db, 'beds', { organizationId: record.organizationId, roomId: record.id }).limit(1).executeTakeFirst();
  return bed?.bedNumber;
}

/**
 * A room's ward and bed-type service must be the organization's own; checked only when they change.
 * A room with beds keeps its ward: each bed names the ward of its room (beds, admissions).
 */
async function checkReferences(record: RoomRecord, ctx: Context, current: RoomRecord | undefined): Promise<void> {
  const organizationId = record.organizationId;
  if (record.wardId !== current?.wardId) {
    if (!(await findWard(ctx.db, organizationId, record.wardId))) throw validationFailed('wardId', 'no such ward in this organization');
    const bed = current && (await bedInRoom(ctx, current));
    if (bed !== undefined) throw new AppError('INVALID_STATE', `the room has beds (bed ${bed}): move or delete them before moving the room to another ward`);
  }
  const serviceId = record.bedTypeServiceId;
  if (serviceId && serviceId !== current?.bedTypeServiceId) {
    const service = await findService(ctx.db, organizationId, serviceId);
    if (!service) throw validationFailed('bedTypeServiceId', 'no such service in this organization');
    if (service.category !== 'bed') throw validationFailed('bedTypeServiceId', `must be a service of category bed, not ${service.category}`);
  }
}

/**
 * Rooms of a ward. `roomNumber` is unique within its ward. The room's bed-type service (category
 * `bed`) is what a bed in it is charged as.
 */
export const rooms = defineResource({
  namespace: 'rooms', audience: member(),
  table: 'rooms',
  scope: 'organization',
  fields: {
    wardId: { kind: 'string', required: true, schema: id() },
    roomNumber: { kind: 'string', required: true, schema: reqStr().max(32) },
    name: { kind: 'string', schema: reqStr().max(200) },
    bedTypeServiceId: { kind: 'string', schema: id() },
    isActive: { kind: 'bool', default: true },
  },
  listFilters: ['wardId', 'bedTypeServiceId', 'isActive'],
  listReferences: { wardId: { noun: 'ward', find: findWard }, bedTypeServiceId: { noun: 'service', find: findService } },
  listSearch: ['roomNumber', 'name'],
  async prepare(record, ctx, current) {
    await checkReferences(record, ctx, current);
    return { ...record, isActive: record.isActive ?? true };
  },
  async beforeDelete(ctx, record) {
    const bed = await bedInRoom(ctx, record);
    if (bed !== undefined) throw new AppError('INVALID_STATE', `the room still has beds (bed ${bed}): move or delete them first`);
  },
});
